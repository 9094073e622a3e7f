/**
 * Which URLs and origins belong to the demo sub-site(s): the configured sub-site URL, and with
 * `DEV_SUBSITE_URL_TEMPLATE` every expansion of the template for a DNS-label sub-site name.
 */
import type { PlatformConfig } from './config'

/** One lowercase DNS label, as the contracts define a sub-site name. */
export const SUBSITE_LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'

const PLACEHOLDER = 'subsite-placeholder'

function templatePattern(template: string, originOnly: boolean): RegExp {
  const expanded = template.replace('{subsite}', PLACEHOLDER)
  const source = originOnly ? new URL(expanded).origin : expanded
  const escaped = source.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(PLACEHOLDER, SUBSITE_LABEL)
  return new RegExp(`^${escaped}$`)
}

/** Whether `uri` is the sub-site URL + `/` or an expansion of the template. */
export function isSubsiteUrl(config: PlatformConfig, uri: string): boolean {
  const local = [config.urls.subsite, config.secondSubsiteUrl, ...config.moreSubsiteUrls]
  if (local.some((url) => uri === `${url}/`)) return true
  return (
    config.subsiteUrlTemplate !== null &&
    templatePattern(config.subsiteUrlTemplate, false).test(uri)
  )
}

/** Whether `origin` is a sub-site origin (token endpoint CORS: sub-sites refresh tokens). */
export function isSubsiteOrigin(config: PlatformConfig, origin: string): boolean {
  const local = [config.urls.subsite, config.secondSubsiteUrl, ...config.moreSubsiteUrls]
  if (local.includes(origin)) return true
  return (
    config.subsiteUrlTemplate !== null &&
    templatePattern(config.subsiteUrlTemplate, true).test(origin)
  )
}
