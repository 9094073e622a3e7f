import type { AuthConfig } from '../config/authConfig'

const IMAGE_DATA_URL = /^data:image\/(?:png|gif|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/

/**
 * Whether a link from an Okta response points at the configured org (same scheme, host and
 * port), resolving a relative link against the org. A provider link elsewhere is never followed
 * or shown, since the state token, passcode or QR secret would go to another origin.
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-4.4 (credentials sent to the wrong endpoint)
 * @see https://developer.okta.com/docs/reference/api/authn/#links-object
 */
export function isOrgUrl(config: AuthConfig, href: string): boolean {
  return resolveOnOrg(config, href) !== null
}

/**
 * The QR image link to show, or null when it must be refused: accepted are a base64
 * `data:image/png|gif|jpeg` URL and a link on the org origin (returned resolved, so a relative
 * href works). Anything else (another host, `javascript:`, SVG data) is refused.
 * @see https://developer.okta.com/docs/reference/api/authn/#totp-factor-activation-object
 */
export function acceptQrCodeUrl(config: AuthConfig, href: string): string | null {
  if (IMAGE_DATA_URL.test(href)) return href
  return resolveOnOrg(config, href)
}

function resolveOnOrg(config: AuthConfig, href: string): string | null {
  try {
    const org = new URL(config.oktaOrgUrl)
    const url = new URL(href, org)
    return url.origin === org.origin ? url.href : null
  } catch {
    return null
  }
}
