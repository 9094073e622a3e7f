/**
 * Test helpers: a platform on ephemeral loopback ports with a hand-driven clock, and the HTTP
 * steps of the sign-in flows (real `fetch`, no stubs).
 */
import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { OKTA_CLIENT_ID, type DevPlatformOptions } from '../config'
import { startDevPlatform, type DevPlatform } from '../devPlatform'
import { totpCode } from '../totp'

/** A clock the test moves by hand. */
export interface TestClock {
  now(): number
  advance(ms: number): void
}

export interface TestPlatform {
  readonly platform: DevPlatform
  readonly clock: TestClock
  readonly okta: string
  readonly google: string
  readonly api: string
  readonly sentry: string
  readonly subsite: string
  /** The first app origin (registered redirect URI = origin + `/`). */
  readonly app: string
  readonly redirectUri: string
  close(): Promise<void>
}

/** 2030-01-01T00:00:05Z: early in a TOTP step, so a test has 25 s before the step changes. */
export const TEST_EPOCH = Date.UTC(2030, 0, 1, 0, 0, 5)

/** Starts the platform on port 0 everywhere, with a manual clock and a short slow delay. */
export async function startTestPlatform(
  options: Partial<DevPlatformOptions> = {},
): Promise<TestPlatform> {
  let time = TEST_EPOCH
  const clock: TestClock = { now: () => time, advance: (ms) => void (time += ms) }
  const platform = await startDevPlatform({
    oktaPort: 0,
    googlePort: 0,
    apiPort: 0,
    sentryPort: 0,
    subsitePort: 0,
    slowMs: 200,
    now: clock.now,
    ...options,
  })
  const app = platform.config.appOrigins[0] ?? ''
  return {
    platform,
    clock,
    ...platform.urls,
    app,
    redirectUri: `${app}/`,
    close: () => platform.close(),
  }
}

/**
 * Registers the hooks of a test file (or `describe`): start a platform before all tests, reset
 * it (`POST /__test/reset`) before each, close it after all. Returns a handle that stands for
 * the started platform once `beforeAll` has run.
 */
export function useTestPlatform(options: Partial<DevPlatformOptions> = {}): TestPlatform {
  let started: TestPlatform | undefined
  beforeAll(async () => {
    started = await startTestPlatform(options)
  })
  beforeEach(async () => {
    // Through the bound port: a configured public URL (e.g. behind nginx) may not resolve here.
    const okta = `http://127.0.0.1:${current().platform.ports.okta}`
    await fetch(`${okta}/__test/reset`, { method: 'POST' })
  })
  afterAll(() => started?.close())
  const current = (): TestPlatform => {
    if (!started) throw new Error('the test platform is not started yet (use it inside tests)')
    return started
  }
  return new Proxy({} as TestPlatform, {
    get: (_, key) => current()[key as keyof TestPlatform],
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(current(), key),
  })
}

/** A JSON answer: status, headers and parsed body. */
export interface JsonAnswer<T = Record<string, unknown>> {
  readonly status: number
  readonly headers: Headers
  readonly body: T
}

/** POSTs JSON and parses the JSON answer. */
export async function postJson<T = Record<string, unknown>>(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<JsonAnswer<T>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  return { status: response.status, headers: response.headers, body: (await response.json()) as T }
}

/** `POST /api/v1/authn` with a username and password. */
export function primaryAuth(tp: TestPlatform, username: string, password: string, extra = {}) {
  return postJson(`${tp.okta}/api/v1/authn`, { username, password, ...extra })
}

/** The password of a seeded account. */
export function passwordOf(tp: TestPlatform, email: string): string {
  const account = tp.platform.accounts.find((candidate) => candidate.email === email)
  if (!account?.password) throw new Error(`no password for ${email}`)
  return account.password
}

/** A session token for a password-only account. */
export async function sessionTokenFor(tp: TestPlatform, email: string): Promise<string> {
  const { body } = await primaryAuth(tp, email, passwordOf(tp, email))
  if (body.status !== 'SUCCESS') throw new Error(`expected SUCCESS, got ${JSON.stringify(body)}`)
  return body.sessionToken as string
}

/** A fresh PKCE verifier (43 URL-safe characters) and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

/** The scopes the sign-in app asks for. */
export const APP_SCOPE =
  'api_usage:get coverage:get detection:find detection:get frame:get image:get subscription:add subscription:update subscription:find offline_access openid'

/** An authorize URL as the app builds it (fragment mode), with overrides (null removes). */
export function authorizeUrl(tp: TestPlatform, params: Record<string, string | null> = {}): string {
  const url = new URL(`${tp.okta}/oauth2/default/v1/authorize`)
  const all: Record<string, string | null> = {
    client_id: OKTA_CLIENT_ID,
    redirect_uri: tp.redirectUri,
    response_type: 'code',
    response_mode: 'fragment',
    scope: APP_SCOPE,
    state: 'state-123',
    nonce: 'nonce-123',
    code_challenge_method: 'S256',
    prompt: 'none',
    ...params,
  }
  for (const [name, value] of Object.entries(all))
    if (value !== null) url.searchParams.set(name, value)
  return url.href
}

/** GETs without following redirects. */
export function getManual(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { redirect: 'manual', headers })
}

/** The parameters of a redirect's fragment (`#a=b`) or query. */
export function redirectParams(response: Response): {
  base: string
  mode: 'fragment' | 'query'
  params: Record<string, string>
} {
  const location = response.headers.get('Location') ?? ''
  const hash = location.indexOf('#')
  if (hash >= 0)
    return {
      base: location.slice(0, hash),
      mode: 'fragment',
      params: Object.fromEntries(new URLSearchParams(location.slice(hash + 1))),
    }
  const url = new URL(location)
  const params = Object.fromEntries(url.searchParams)
  url.search = ''
  return { base: url.href, mode: 'query', params }
}

/** The whole path to an authorization code for a password-only account. */
export async function codeFor(
  tp: TestPlatform,
  email: string,
  params: Record<string, string | null> = {},
): Promise<{ code: string; verifier: string }> {
  const { verifier, challenge } = pkcePair()
  const sessionToken = await sessionTokenFor(tp, email)
  const response = await getManual(
    authorizeUrl(tp, { sessionToken, code_challenge: challenge, ...params }),
  )
  const code = redirectParams(response).params.code
  if (!code) throw new Error(`no code: ${response.headers.get('Location')}`)
  return { code, verifier }
}

/** POSTs a form to the token endpoint. */
export function postForm(
  url: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<JsonAnswer> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form),
  }).then(async (response) => ({
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  }))
}

/** Exchanges a code at the token endpoint as the app does. */
export function exchangeCode(
  tp: TestPlatform,
  code: string,
  verifier: string,
  overrides: Record<string, string> = {},
): Promise<JsonAnswer> {
  return postForm(`${tp.okta}/oauth2/default/v1/token`, {
    grant_type: 'authorization_code',
    client_id: OKTA_CLIENT_ID,
    redirect_uri: tp.redirectUri,
    code,
    code_verifier: verifier,
    ...overrides,
  })
}

/** The current TOTP code of a base32 secret at the test clock's time. */
export function codeNow(tp: TestPlatform, secret: string): string {
  return totpCode(secret, tp.clock.now())
}

/** A 6-digit code that is not the current or previous one. */
export function wrongCode(tp: TestPlatform, secret: string): string {
  const good = new Set([codeNow(tp, secret), totpCode(secret, tp.clock.now() - 30_000)])
  for (let n = 0; ; n += 1) {
    const candidate = String(n).padStart(6, '0')
    if (!good.has(candidate)) return candidate
  }
}
