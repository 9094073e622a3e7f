/**
 * CORS as Okta's trusted origins apply it: only listed origins get CORS headers (the origin is
 * reflected, with `Vary: Origin`); a preflight from any other origin is refused with 403.
 * @see https://developer.okta.com/docs/guides/enable-cors/main/
 * @see https://fetch.spec.whatwg.org/#http-cors-protocol
 */
import type { MiddlewareHandler } from 'hono'
import type { PlatformConfig } from './config'
import type { AppEnv } from './context'
import { isSubsiteOrigin } from './subsiteUrls'

export interface CorsPolicy {
  /** Whether this origin may read responses. */
  readonly isAllowed: (origin: string) => boolean
  readonly methods: readonly string[]
  /** Request headers a preflight may ask for; `'*'` echoes whatever was asked (Sentry). */
  readonly allowHeaders: readonly string[] | '*'
  readonly exposeHeaders?: readonly string[]
  /** Send `Access-Control-Allow-Credentials: true` (Okta does on its API for trusted origins). */
  readonly credentials?: boolean
  /** Answer `Access-Control-Allow-Origin: *` instead of reflecting (Sentry ingest). */
  readonly wildcard?: boolean
  /**
   * Refuse (403, route not run) any request whose `Origin` is not allowed, not only its
   * preflight: a cross-site form or `text/plain` POST needs no preflight, and a credentialed
   * one would carry the provider's cookies.
   */
  readonly refuseOtherOrigins?: boolean
  /**
   * Refuse (403) a preflight asking for any request header outside `allowHeaders` (compared
   * case-insensitively), so a client sending a header the API does not read fails at once.
   */
  readonly exactHeaders?: boolean
}

/** Middleware applying `policy` to every route it is mounted on, including OPTIONS preflights. */
export function cors(policy: CorsPolicy): MiddlewareHandler<AppEnv> {
  return async (c, next): Promise<Response | void> => {
    const origin = c.req.header('Origin')
    const allowed = origin !== undefined && policy.isAllowed(origin)
    const headers = new Headers({ Vary: 'Origin' })
    if (allowed) {
      headers.set('Access-Control-Allow-Origin', policy.wildcard ? '*' : origin)
      if (policy.credentials) headers.set('Access-Control-Allow-Credentials', 'true')
    }
    if (origin !== undefined && !allowed && policy.refuseOtherOrigins)
      return new Response(null, { status: 403, headers })
    if (c.req.method === 'OPTIONS') {
      if (!allowed) return new Response(null, { status: 403, headers })
      const requested = c.req.header('Access-Control-Request-Headers') ?? ''
      if (policy.exactHeaders && policy.allowHeaders !== '*') {
        const known = new Set(policy.allowHeaders.map((name) => name.toLowerCase()))
        const asked = requested
          .split(',')
          .map((name) => name.trim().toLowerCase())
          .filter(Boolean)
        if (asked.some((name) => !known.has(name)))
          return new Response(null, { status: 403, headers })
      }
      const allowHeaders = policy.allowHeaders === '*' ? requested : policy.allowHeaders.join(', ')
      if (allowHeaders) headers.set('Access-Control-Allow-Headers', allowHeaders)
      headers.set('Access-Control-Allow-Methods', policy.methods.join(', '))
      headers.set('Access-Control-Max-Age', '600')
      return new Response(null, { status: 204, headers })
    }
    await next()
    if (allowed && policy.exposeHeaders?.length)
      headers.set('Access-Control-Expose-Headers', policy.exposeHeaders.join(', '))
    headers.forEach((value, name) => {
      if (name === 'vary') c.res.headers.append(name, value)
      else c.res.headers.set(name, value)
    })
  }
}

/** An `isAllowed` for a fixed list of origins. */
export function originIn(origins: readonly string[]): (origin: string) => boolean {
  const set = new Set(origins)
  return (origin) => set.has(origin)
}

/**
 * An `isAllowed` for the browser pages the platform trusts: the sign-in app's origins and every
 * sub-site origin (they refresh, revoke, read userinfo and call the product API themselves).
 */
export function appOrSubsiteOrigin(config: PlatformConfig): (origin: string) => boolean {
  return (origin) => config.appOrigins.includes(origin) || isSubsiteOrigin(config, origin)
}
