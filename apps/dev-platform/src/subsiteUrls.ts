/**
 * Which origins belong to the demo sub-site(s): the configured sub-site URL, and with
 * `DEV_SUBSITE_URL_TEMPLATE` every expansion of the template for a DNS-label sub-site name (CORS
 * of the token and revoke endpoints; sign-out redirect URIs are a list of their own,
 * `logoutRedirectUris`).
 */
import type { PlatformConfig } from './config'

/** One lowercase DNS label, as the contracts define a sub-site name. */
export const SUBSITE_LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'

const PLACEHOLDER = 'subsite-placeholder'

function templatePattern(template: string): RegExp {
  const source = new URL(template.replace('{subsite}', PLACEHOLDER)).origin
  const escaped = source.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(PLACEHOLDER, SUBSITE_LABEL)
  return new RegExp(`^${escaped}$`)
}

/** Whether `origin` is a sub-site origin (token endpoint CORS: sub-sites refresh tokens). */
export function isSubsiteOrigin(config: PlatformConfig, origin: string): boolean {
  const local = [config.urls.subsite, config.secondSubsiteUrl, ...config.moreSubsiteUrls]
  if (local.includes(origin)) return true
  return (
    config.subsiteUrlTemplate !== null && templatePattern(config.subsiteUrlTemplate).test(origin)
  )
}
