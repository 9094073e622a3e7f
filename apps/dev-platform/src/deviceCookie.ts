/**
 * Okta's device cookie `DT`: set on the first Authn answer a browser gets, sent back by the
 * browser on every later credentialed Authn call (Okta's SDK posts them `withCredentials: true`).
 * Okta uses it to recognise the device (risk rules, new-device notices, remembered devices).
 *
 * Attributes as Okta sets them: `Secure; HttpOnly; SameSite=None` (the sign-in page is usually
 * on another site than the Okta org), one year. Browsers treat `http://localhost` as a secure
 * context, so the `Secure` cookie also works in the plain-HTTP dev mode.
 * @see https://developer.okta.com/docs/guides/enable-cors/main/
 * @see https://httpwg.org/specs/rfc6265.html#sane-set-cookie
 */
import type { PlatformContext } from './context'

/** The cookie's name, as Okta's. */
export const DEVICE_COOKIE = 'DT'
/** One year, in seconds. */
export const DEVICE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60

/** What the platform knows about one device token. */
export interface DeviceRecord {
  readonly issuedAt: number
  /** Authn calls that brought the cookie back. */
  returns: number
}

/** The value of the cookie `name` in a `Cookie` request header, if present exactly once. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  const values = (header ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith(`${name}=`))
    .map((pair) => pair.slice(name.length + 1))
  return values.length === 1 ? values[0] : undefined
}

/** The names of the cookies in a `Cookie` request header (values never leave this function). */
export function cookieNames(header: string | undefined): string[] {
  return (header ?? '')
    .split(';')
    .map((pair) => pair.trim().split('=')[0] ?? '')
    .filter(Boolean)
}

/**
 * Recognises the device of an Authn call: a known `DT` cookie is counted as returned; otherwise
 * a new device token is minted and the `Set-Cookie` header to send is returned.
 */
export function recogniseDevice(
  ctx: PlatformContext,
  cookieHeader: string | undefined,
): { readonly deviceToken: string; readonly setCookie: string | null } {
  const presented = readCookie(cookieHeader, DEVICE_COOKIE)
  const known = presented === undefined ? undefined : ctx.store.devices.get(presented)
  if (presented !== undefined && known) {
    known.returns += 1
    return { deviceToken: presented, setCookie: null }
  }
  const deviceToken = ctx.random.opaque(32)
  ctx.store.devices.set(deviceToken, { issuedAt: ctx.clock.now(), returns: 0 })
  return {
    deviceToken,
    setCookie: `${DEVICE_COOKIE}=${deviceToken}; Path=/; Max-Age=${DEVICE_COOKIE_MAX_AGE}; Secure; HttpOnly; SameSite=None`,
  }
}
