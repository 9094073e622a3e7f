/**
 * Internal test doubles for `src/session`'s own tests: a name-only cookie jar that records every
 * write, a Vitest fetch stub, a fake clock, and token builders. Sub-sites use the published kit
 * instead (`@mapping-platform/auth-core/testing`, src/testing), which this builds on where the two
 * agree (the clock, the configuration).
 */
import { expect, vi } from 'vitest'
import type { CookieRemoval, CookieWrite } from '../cookies/cookie.types'
import { AuthError } from '../errors/authError'
import { oauthEndpointsFor } from '../oauth/authorizationServerFor'
import { createPlatformSession } from '../session/createPlatformSession'
import type {
  CookieJar,
  CookieWatch,
  Schedule,
  SessionConfig,
  SessionDeps,
} from '../session/session.types'
import { TEST_SESSION_CONFIG } from '../testing/createTestSession'
import { TEST_NOW_S } from '../testing/fakeTokens'
import { createUnsignedJwt, FAR_FUTURE, idTokenClaims } from './jwt'

/** The fake "now" of the tests: 2030-03-17T17:46:40Z, in epoch seconds (the kit's). */
export const NOW_S = TEST_NOW_S

/** A valid production-mode {@link SessionConfig} for `.example.com` (the kit's), with overrides. */
export function sessionConfig(overrides: Partial<SessionConfig> = {}): SessionConfig {
  return { ...TEST_SESSION_CONFIG, ...overrides }
}

/** The same in local mode: plain-HTTP provider, host-only cookies. */
export function localSessionConfig(overrides: Partial<SessionConfig> = {}): SessionConfig {
  return sessionConfig({
    oktaOrgUrl: 'http://localhost:8080',
    signInUrl: 'http://localhost:5173/',
    localMode: true,
    ...overrides,
  })
}

/**
 * A copy of a cookie that another Domain or Path put next to ours (cookie tossing): a sibling
 * sub-domain's `Domain={parent}; Path=/deeper`, or a host-only copy (`domain` absent).
 */
export interface TossedCookie {
  readonly name: string
  readonly value: string
  readonly path: string
  readonly domain?: string
}

/**
 * An in-memory cookie jar that records writes and removals in order. `values` holds the
 * platform's own cookies (`Path=/`); `tossed` holds extra copies with another Path or Domain,
 * listed first as a browser lists longer paths first. `get` returns a value only when there is
 * exactly one copy, like `browserCookieJar`; a removal takes a tossed copy only when its Path and
 * Domain match.
 */
export interface RecordingJar extends CookieJar {
  readonly values: Map<string, string>
  readonly tossed: TossedCookie[]
  readonly writes: CookieWrite[]
  readonly removals: CookieRemoval[]
}

export function recordingJar(
  initial: Record<string, string> = {},
  tossed: readonly TossedCookie[] = [],
): RecordingJar {
  const values = new Map(Object.entries(initial))
  const extra = [...tossed]
  const writes: CookieWrite[] = []
  const removals: CookieRemoval[] = []
  const getAll = (name: string): string[] => [
    ...extra.filter((copy) => copy.name === name).map((copy) => copy.value),
    ...(values.has(name) ? [values.get(name) as string] : []),
  ]
  return {
    values,
    tossed: extra,
    writes,
    removals,
    get(name) {
      const all = getAll(name)
      return all.length === 1 ? all[0] : undefined
    },
    getAll,
    set(write) {
      writes.push(write)
      values.set(write.name, write.value)
    },
    remove(removal) {
      removals.push(removal)
      if (removal.path === '/') {
        values.delete(removal.name)
        return
      }
      const index = extra.findIndex(
        (copy) =>
          copy.name === removal.name &&
          copy.path === removal.path &&
          copy.domain === removal.domain,
      )
      if (index !== -1) extra.splice(index, 1)
    },
  }
}

/** An unsigned access token (JWS compact) with `sub` and the given claims. */
export function accessToken(claims: Record<string, unknown> = {}): string {
  return createUnsignedJwt({ sub: 'ada@example.com', iat: NOW_S - 600, ...claims })
}

/** An ID token that passes the session's claim checks (checkIdTokenClaims) for `config`, with claim overrides. */
export function idToken(config: SessionConfig, overrides: Record<string, unknown> = {}): string {
  const expected = {
    issuer: oauthEndpointsFor(config).issuer,
    clientId: config.clientId,
    nonce: '',
  }
  return createUnsignedJwt(idTokenClaims(expected, { nonce: undefined, ...overrides }))
}

/** A successful refresh response body, with overrides (`undefined` removes a field). */
export function refreshBody(
  config: SessionConfig,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    token_type: 'Bearer',
    expires_in: 3600,
    access_token: accessToken({ exp: NOW_S + 3600, jti: 'refreshed' }),
    refresh_token: 'rt-rotated',
    scope: 'openid offline_access',
    id_token: idToken(config, { exp: FAR_FUTURE }),
    ...overrides,
  }
  for (const [name, value] of Object.entries(body)) if (value === undefined) delete body[name]
  return body
}

/** A JSON response. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}

/** One request the stub saw: URL, method and form body. */
export interface SeenRequest {
  readonly url: string
  readonly method: string
  readonly form: URLSearchParams
  readonly signal: AbortSignal | null
  /** The fetch `credentials` mode (undefined when the caller left the default). */
  readonly credentials: RequestCredentials | undefined
}

/** A fetch stub answering with `answer(request)` and recording every request. */
export function stubFetch(answer: (request: SeenRequest) => Response | Promise<Response>) {
  const requests: SeenRequest[] = []
  const fetch = vi.fn<typeof globalThis.fetch>(async (input, init) => {
    const request: SeenRequest = {
      url: String(input),
      method: String(init?.method),
      form: new URLSearchParams(String(init?.body)),
      signal: init?.signal ?? null,
      credentials: init?.credentials,
    }
    requests.push(request)
    return answer(request)
  })
  return { fetch, requests }
}

/** A promise with its resolve function, to hold a response back. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

/** What {@link setupSession} starts from. */
export interface SessionSetup {
  readonly config?: SessionConfig
  readonly cookies?: Record<string, string> | RecordingJar
  readonly answer?: (request: SeenRequest) => Response | Promise<Response>
  readonly deps?: Partial<SessionDeps>
}

/**
 * A session over a recording jar, a fetch stub (by default: a successful rotated refresh), a
 * fake clock at {@link NOW_S} and recorded navigations.
 */
export function setupSession(setup: SessionSetup = {}) {
  const config = setup.config ?? sessionConfig()
  const jar = isJar(setup.cookies) ? setup.cookies : recordingJar(setup.cookies)
  const { fetch, requests } = stubFetch(setup.answer ?? (() => json(refreshBody(config))))
  const clock = { nowMs: NOW_S * 1000 }
  const navigations: string[] = []
  const session = createPlatformSession(config, {
    cookies: jar,
    fetch,
    now: () => clock.nowMs,
    navigate: (url) => navigations.push(url),
    ...setup.deps,
  })
  return { session, config, jar, fetch, requests, navigations, clock }
}

function isJar(value: SessionSetup['cookies']): value is RecordingJar {
  return value !== undefined && 'writes' in value
}

/** A scheduler on a fake clock: `advanceBy` moves the clock and runs what falls due, in order. */
export function fakeSchedule(clock: { nowMs: number }) {
  const pending = new Map<number, { readonly at: number; readonly task: () => void }>()
  let nextId = 0
  const schedule: Schedule = (task, ms) => {
    const id = nextId++
    pending.set(id, { at: clock.nowMs + ms, task })
    return () => {
      pending.delete(id)
    }
  }
  /** Moves the clock `ms` ahead, running each task that falls due at its own time. */
  async function advanceBy(ms: number): Promise<void> {
    const target = clock.nowMs + ms
    for (;;) {
      const due = [...pending].filter(([, entry]) => entry.at <= target)
      due.sort(([, a], [, b]) => a.at - b.at)
      const first = due[0]
      if (first === undefined) break
      pending.delete(first[0])
      clock.nowMs = Math.max(clock.nowMs, first[1].at)
      first[1].task()
      await flush()
    }
    clock.nowMs = target
  }
  return { schedule, pending, advanceBy }
}

/** A cookie watch the test fires by hand; `active` counts the watchers started and not stopped. */
export function manualWatch() {
  const watchers = new Set<() => void>()
  const watchCookies: CookieWatch = (onChange) => {
    const entry = () => onChange()
    watchers.add(entry)
    return () => {
      watchers.delete(entry)
    }
  }
  return {
    watchCookies,
    get active() {
      return watchers.size
    },
    fire() {
      for (const watcher of [...watchers]) watcher()
    },
  }
}

/** Lets pending promise callbacks run (a few macrotask turns). */
export async function flush(): Promise<void> {
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve))
}

/** The AuthError `createPlatformSession` throws for this config and deps (fails the test if none). */
export function creationError(config: SessionConfig, deps: Partial<SessionDeps> = {}): AuthError {
  try {
    createPlatformSession(config, { cookies: recordingJar(), navigate: () => undefined, ...deps })
  } catch (error) {
    expect(error).toBeInstanceOf(AuthError)
    return error as AuthError
  }
  throw new Error('expected a throw')
}
