/**
 * A browser page at an origin, for tests in which someone else's client (Okta's SDK) talks to the
 * dev platform: every cross-origin request goes through the CORS protocol as a browser runs it
 * (the `Origin` header, a preflight when the request is not "simple", the checks of the answer's
 * `Access-Control-*` headers, only safelisted and exposed response headers visible to the
 * script), and a cookie jar that takes part only when credentials are included. A request the
 * browser would block fails as `fetch` fails in a browser: `TypeError('Failed to fetch')`; the
 * reason is kept in {@link BrowserPage.blocked} for the test to read.
 * @see https://fetch.spec.whatwg.org/#http-cors-protocol
 * @see https://fetch.spec.whatwg.org/#cors-safelisted-request-header
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-5.3
 */

/** What a page script passes to `fetch` here. */
export interface PageRequest {
  readonly method?: string
  readonly headers?: Readonly<Record<string, string>>
  readonly body?: string
  /** `omit` (default here, as Okta's SDK sends when `withCredentials` is false) or `include`. */
  readonly credentials?: 'omit' | 'include'
}

/** One request on the wire, as a test may check it afterwards. */
export interface WireExchange {
  readonly method: string
  readonly url: string
  readonly requestHeaders: Readonly<Record<string, string>>
  readonly status: number
}

/** Okta's SDK `httpRequestClient` contract (`lib/http/types.ts`). */
export interface OktaHttpResult {
  readonly responseText: string
  readonly status: number
  readonly headers: Record<string, string>
  readonly responseType?: 'json'
  readonly responseJSON?: Record<string, unknown>
}
export type OktaHttpRequestClient = (
  method: string,
  url: string,
  args: { headers?: Record<string, string>; data?: unknown; withCredentials?: boolean },
) => Promise<OktaHttpResult>

export interface BrowserPage {
  /** The page's origin, e.g. `http://localhost:5173`. */
  readonly origin: string
  /** `fetch` as a script of the page runs it (redirects are not followed: none is expected). */
  fetch(url: string, request?: PageRequest): Promise<Response>
  /** The same, in the shape Okta's SDK wants for its `httpRequestClient` option. */
  readonly httpRequestClient: OktaHttpRequestClient
  /**
   * A top-level navigation (address bar, `location.assign`, a link): no CORS, cookies of the
   * target sent (same-site `Lax` navigation), `Set-Cookie` stored, the 3xx answer returned as is.
   */
  navigate(url: string): Promise<Response>
  /** Cookies the browser holds for a host: name → value. */
  cookies(host: string): Readonly<Record<string, string>>
  /** Every request sent, preflights included, in order. */
  readonly wire: readonly WireExchange[]
  /** Why the browser blocked the last blocked request (null when none was). */
  readonly blocked: string | null
}

/** The CORS-safelisted request headers (their values constrained as below). */
const SAFELISTED_REQUEST_HEADERS = new Set([
  'accept',
  'accept-language',
  'content-language',
  'content-type',
])
const SAFELISTED_CONTENT_TYPES = new Set([
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'text/plain',
])
/** The CORS-safelisted response headers, visible to a script without being exposed. */
const SAFELISTED_RESPONSE_HEADERS = new Set([
  'cache-control',
  'content-language',
  'content-length',
  'content-type',
  'expires',
  'last-modified',
  'pragma',
])
const SIMPLE_METHODS = new Set(['GET', 'HEAD', 'POST'])

interface StoredCookie {
  readonly value: string
  readonly expiresAt: number
}

/** Opens a page at `origin` (the clock decides cookie expiry; the platform's clock in tests). */
export function openBrowserPage(origin: string, now: () => number = Date.now): BrowserPage {
  const jar = new Map<string, Map<string, StoredCookie>>()
  const wire: WireExchange[] = []
  let blocked: string | null = null

  const cookieHeader = (url: URL): string | undefined => {
    const cookies = jar.get(url.hostname)
    if (!cookies) return undefined
    const pairs = [...cookies]
      .filter(([, cookie]) => cookie.expiresAt > now())
      .map(([name, cookie]) => `${name}=${cookie.value}`)
    return pairs.length ? pairs.join('; ') : undefined
  }
  const storeCookies = (url: URL, response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim())
      const eq = pair.indexOf('=')
      if (eq <= 0) continue
      const name = pair.slice(0, eq)
      const value = pair.slice(eq + 1)
      let expiresAt = Number.POSITIVE_INFINITY
      for (const attribute of attributes) {
        const [key = '', raw = ''] = attribute.split('=')
        if (key.toLowerCase() === 'max-age') expiresAt = now() + Number(raw) * 1000
        else if (key.toLowerCase() === 'expires' && expiresAt === Number.POSITIVE_INFINITY)
          expiresAt = Date.parse(raw)
      }
      const cookies = jar.get(url.hostname) ?? new Map<string, StoredCookie>()
      if (expiresAt <= now()) cookies.delete(name)
      else cookies.set(name, { value, expiresAt })
      jar.set(url.hostname, cookies)
    }
  }
  const send = async (url: URL, method: string, headers: Headers, body?: string) => {
    const response = await fetch(url, { method, headers, body: body ?? null, redirect: 'manual' })
    wire.push({
      method,
      url: url.href,
      requestHeaders: Object.fromEntries(headers),
      status: response.status,
    })
    return response
  }
  const block = (reason: string): never => {
    blocked = reason
    throw new TypeError('Failed to fetch')
  }
  /** The CORS check of an answer (preflight or actual), or the reason it fails. */
  const corsFailure = (response: Response, credentialed: boolean): string | null => {
    const allowOrigin = response.headers.get('Access-Control-Allow-Origin')
    if (allowOrigin === null) return 'no Access-Control-Allow-Origin'
    if (allowOrigin === '*' && credentialed) return 'Access-Control-Allow-Origin * with credentials'
    if (allowOrigin !== '*' && allowOrigin !== origin)
      return `Access-Control-Allow-Origin ${allowOrigin} is not ${origin}`
    if (credentialed && response.headers.get('Access-Control-Allow-Credentials') !== 'true')
      return 'credentials included but no Access-Control-Allow-Credentials: true'
    return null
  }
  const listOf = (value: string | null) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean)

  const pageFetch = async (href: string, request: PageRequest = {}): Promise<Response> => {
    blocked = null
    const url = new URL(href)
    const method = (request.method ?? 'GET').toUpperCase()
    const credentialed = request.credentials === 'include'
    const headers = new Headers(request.headers)
    if (url.origin === origin) return block('same-origin requests are not what this page is for')
    // Request headers that make the request "not simple", lowercase and sorted as browsers send.
    const unsafe = [...headers]
      .filter(([name, value]) => {
        if (!SAFELISTED_REQUEST_HEADERS.has(name)) return true
        if (name !== 'content-type') return false
        const essence = (value.split(';')[0] ?? '').trim().toLowerCase()
        return !SAFELISTED_CONTENT_TYPES.has(essence)
      })
      .map(([name]) => name)
      .sort()
    if (!SIMPLE_METHODS.has(method) || unsafe.length > 0) {
      const preflightHeaders = new Headers({
        Origin: origin,
        'Access-Control-Request-Method': method,
      })
      if (unsafe.length) preflightHeaders.set('Access-Control-Request-Headers', unsafe.join(','))
      const preflight = await send(url, 'OPTIONS', preflightHeaders)
      await preflight.arrayBuffer()
      if (preflight.status < 200 || preflight.status > 299)
        return block(`preflight answered ${preflight.status}`)
      const failure = corsFailure(preflight, credentialed)
      if (failure) return block(`preflight: ${failure}`)
      const methods = listOf(preflight.headers.get('Access-Control-Allow-Methods'))
      const anyMethod = methods.includes('*') && !credentialed
      if (!SIMPLE_METHODS.has(method) && !anyMethod && !methods.includes(method.toLowerCase()))
        return block(`preflight: method ${method} not allowed`)
      const allowed = listOf(preflight.headers.get('Access-Control-Allow-Headers'))
      for (const name of unsafe) {
        // `*` covers any header but Authorization, and only without credentials.
        const wildcard = allowed.includes('*') && !credentialed && name !== 'authorization'
        if (!wildcard && !allowed.includes(name))
          return block(`preflight: request header ${name} not allowed`)
      }
    }
    headers.set('Origin', origin)
    const cookie = credentialed ? cookieHeader(url) : undefined
    if (cookie) headers.set('Cookie', cookie)
    const response = await send(url, method, headers, request.body)
    if (credentialed) storeCookies(url, response)
    if (response.status >= 300 && response.status < 400)
      return block(`a redirect (${response.status}) the test did not expect`)
    const failure = corsFailure(response, credentialed)
    if (failure) return block(failure)
    // The script sees only safelisted response headers and the exposed ones.
    const exposed = new Set(listOf(response.headers.get('Access-Control-Expose-Headers')))
    const visible = new Headers()
    response.headers.forEach((value, name) => {
      if (SAFELISTED_RESPONSE_HEADERS.has(name) || exposed.has(name)) visible.set(name, value)
    })
    const status = response.status
    const text = await response.text()
    return new Response(status === 204 || status === 304 ? null : text, {
      status,
      headers: visible,
    })
  }

  const httpRequestClient: OktaHttpRequestClient = async (method, url, args) => {
    // As the SDK's own fetchRequest: JSON or form body by Content-Type; failing status throws.
    const headers = args.headers ?? {}
    const contentType = headers['Content-Type'] ?? headers['content-type'] ?? ''
    let body: string | undefined
    if (typeof args.data === 'string') body = args.data
    else if (args.data !== undefined && args.data !== null) {
      if (/application\/\w*\+?json/.test(contentType)) body = JSON.stringify(args.data)
      else if (contentType === 'application/x-www-form-urlencoded')
        body = new URLSearchParams(args.data as Record<string, string>).toString()
    }
    const response = await pageFetch(url, {
      method,
      headers,
      ...(body !== undefined && { body }),
      credentials: args.withCredentials ? 'include' : 'omit',
    })
    const text = await response.text()
    const isJson = (response.headers.get('Content-Type') ?? '').includes('application/json')
    let json: Record<string, unknown> | undefined
    if (isJson && text) json = JSON.parse(text) as Record<string, unknown>
    const result: OktaHttpResult = {
      responseText: text,
      status: response.status,
      headers: Object.fromEntries(response.headers),
      ...(json && { responseType: 'json' as const, responseJSON: json }),
    }
    if (!response.ok || json?.error) throw result
    return result
  }

  return {
    origin,
    fetch: pageFetch,
    httpRequestClient,
    async navigate(href) {
      const url = new URL(href)
      const headers = new Headers()
      const cookie = cookieHeader(url)
      if (cookie) headers.set('Cookie', cookie)
      const response = await send(url, 'GET', headers)
      storeCookies(url, response)
      return response
    },
    cookies: (host) =>
      Object.fromEntries(
        [...(jar.get(host) ?? [])]
          .filter(([, cookie]) => cookie.expiresAt > now())
          .map(([name, cookie]) => [name, cookie.value]),
      ),
    get wire() {
      return wire
    },
    get blocked() {
      return blocked
    },
  }
}
