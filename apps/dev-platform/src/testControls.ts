/**
 * The test-control API on the Okta origin (always on: this is a dev tool; never CORS-enabled).
 * The e2e suite resets state, expires tokens, injects faults and reads the request log here.
 */
import { Hono } from 'hono'
import { SEEDED_ACCOUNTS } from './accounts'
import type { AuthnService } from './authnService'
import type { AppEnv, PlatformContext } from './context'
import { envelopeTestRoutes } from './sentryRoutes'
import { parseRateLimitRule, RATE_LIMITED_ENDPOINTS, ruleOf } from './rateLimits'
import type { Fault, FaultMode, FaultTarget } from './store'

export const FAULT_TARGETS: readonly FaultTarget[] = [
  'authn',
  'token',
  'revoke',
  'authorize',
  'google-auth',
  'keys',
]
export const FAULT_MODES: readonly FaultMode[] = [
  'delay',
  'status500',
  'malformed',
  'html200',
  'network-drop',
]
/** Delay of a `delay` fault when `delayMs` is not given. */
export const DEFAULT_FAULT_DELAY_MS = 3000

/** Parses `{target, mode, delayMs?, times?}`; a message on error. */
export function parseFault(input: unknown): Fault | string {
  if (typeof input !== 'object' || input === null) return 'Expected a JSON object.'
  const { target, mode, delayMs, times } = input as Record<string, unknown>
  if (!FAULT_TARGETS.includes(target as FaultTarget))
    return `target must be one of ${FAULT_TARGETS.join(', ')}.`
  if (!FAULT_MODES.includes(mode as FaultMode))
    return `mode must be one of ${FAULT_MODES.join(', ')}.`
  const whole = (value: unknown) => typeof value === 'number' && Number.isInteger(value)
  if (
    delayMs !== undefined &&
    !(whole(delayMs) && (delayMs as number) >= 0 && (delayMs as number) <= 600_000)
  )
    return 'delayMs must be a whole number of milliseconds up to 600000.'
  if (times !== undefined && !(whole(times) && (times as number) >= 1))
    return 'times must be a whole number of at least 1.'
  return {
    target: target as FaultTarget,
    mode: mode as FaultMode,
    delayMs: (delayMs as number | undefined) ?? DEFAULT_FAULT_DELAY_MS,
    remaining: (times as number | undefined) ?? 1,
  }
}

/** The `/__test/*` routes. */
export function testControls(ctx: PlatformContext, authn: AuthnService): Hono<AppEnv> {
  const { store, clock } = ctx
  const app = new Hono<AppEnv>()
  const readJson = async (text: string): Promise<unknown> => {
    try {
      return text ? JSON.parse(text) : {}
    } catch {
      return undefined
    }
  }

  /** Everything back to the seed, including the clock's advance. */
  app.post('/__test/reset', (c) => {
    store.reset()
    clock.reset()
    return c.json({ ok: true })
  })

  /** Every live stateToken expires now (the next use answers 401 E0000011). */
  app.post('/__test/expire-state-tokens', (c) => {
    const now = clock.now()
    for (const txn of store.transactions.values()) txn.expiresAt = now - 1
    return c.json({ ok: true, expired: store.transactions.size })
  })

  /** Moves the platform's clock forward by `{seconds}` (codes, tokens, TOTP steps). */
  app.post('/__test/advance-clock', async (c) => {
    const body = (await readJson(await c.req.text())) as { seconds?: unknown } | undefined
    const seconds = body?.seconds
    if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0)
      return c.json({ error: 'seconds must be a non-negative number.' }, 400)
    clock.advance(seconds * 1000)
    return c.json({ ok: true, now: new Date(clock.now()).toISOString() })
  })

  /**
   * Sets the lifetime of the access tokens issued from now on to `{seconds}` (1 to 86400) until
   * the next reset, as `DEV_ACCESS_TOKEN_TTL` would at start: the e2e suite shows a refresh
   * without restarting the platform. The sub-site's refresh leeway follows it.
   */
  app.post('/__test/access-token-ttl', async (c) => {
    const body = (await readJson(await c.req.text())) as { seconds?: unknown } | undefined
    const seconds = body?.seconds
    if (
      typeof seconds !== 'number' ||
      !Number.isInteger(seconds) ||
      seconds < 1 ||
      seconds > 86_400
    )
      return c.json({ error: 'seconds must be a whole number from 1 to 86400.' }, 400)
    store.accessTokenTtlSeconds = seconds
    return c.json({ ok: true, seconds })
  })

  /**
   * Adds a password-only Okta user `{email, password}` until the next reset (an administrator
   * creating a person): a test can sign in as an address no seeded account has, e.g. a very long
   * one, and get tokens the authorization server really signed. Answers 201 `{id}`; 400 for a
   * malformed body, 409 when the login exists.
   */
  app.post('/__test/users', async (c) => {
    const body = (await readJson(await c.req.text())) as
      { email?: unknown; password?: unknown } | undefined
    const { email, password } = body ?? {}
    if (
      typeof email !== 'string' ||
      !/^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$/.test(email) ||
      typeof password !== 'string' ||
      password.length < 8
    )
      return c.json(
        { error: 'email (lowercase) and password (8 or more characters) required.' },
        400,
      )
    if (store.userByLogin(email) !== undefined)
      return c.json({ error: 'A user with this login exists.' }, 409)
    return c.json({ id: store.addPasswordUser(email, password, clock.now()).id }, 201)
  })

  /** Starts an UNAUTHENTICATED transaction (Okta's hosted page would); answers `{stateToken}`. */
  app.post('/__test/unauthenticated-transaction', (c) =>
    c.json({ stateToken: authn.startUnauthenticated() }),
  )

  app.get('/__test/faults', (c) => c.json(store.faults))
  app.post('/__test/faults', async (c) => {
    const fault = parseFault(await readJson(await c.req.text()))
    if (typeof fault === 'string') return c.json({ error: fault }, 400)
    store.faults.push(fault)
    return c.json({ ok: true, faults: store.faults }, 201)
  })
  app.delete('/__test/faults', (c) => {
    store.faults = []
    return c.body(null, 204)
  })

  /** The code steps' rate-limit rules (verify, activate) and their current windows. */
  app.get('/__test/rate-limits', (c) =>
    c.json(
      RATE_LIMITED_ENDPOINTS.map((endpoint) => {
        const window = store.rateLimits.windows.get(endpoint)
        return {
          endpoint,
          ...ruleOf(store.rateLimits, endpoint),
          count: window?.count ?? 0,
          windowStartedAt: window ? new Date(window.startedAt).toISOString() : null,
        }
      }),
    ),
  )
  /**
   * Sets a bucket's rule `{endpoint, limit, windowSeconds?}` until the next reset and starts a
   * fresh window: e.g. `{endpoint: "verify", limit: 1, windowSeconds: 4}` refuses the second
   * verify within 4 s with 429 E0000047, so a countdown of a few seconds can be shown.
   */
  app.post('/__test/rate-limits', async (c) => {
    const parsed = parseRateLimitRule(await readJson(await c.req.text()))
    if (typeof parsed === 'string') return c.json({ error: parsed }, 400)
    store.rateLimits.rules.set(parsed.endpoint, parsed.rule)
    store.rateLimits.windows.delete(parsed.endpoint)
    return c.json({ ok: true, endpoint: parsed.endpoint, ...parsed.rule })
  })

  /** The emails sent since the last reset (self-service unlock), oldest first. */
  app.get('/__test/emails', (c) => c.json(store.emails))

  app.get('/__test/requests', (c) => c.json(store.requests))

  /** The Okta device tokens issued (`DT` cookie) and how many Authn calls brought each back. */
  app.get('/__test/devices', (c) =>
    c.json(
      [...store.devices].map(([deviceToken, record]) => ({
        deviceToken,
        issuedAt: new Date(record.issuedAt).toISOString(),
        returns: record.returns,
      })),
    ),
  )
  app.delete('/__test/requests', (c) => {
    store.requests = []
    return c.body(null, 204)
  })

  /** The seeded accounts, with the current TOTP enrolments (and their secrets). */
  app.get('/__test/accounts', (c) =>
    c.json(
      SEEDED_ACCOUNTS.map((account) => ({
        ...account,
        locked: store.users.get(account.userId)?.locked ?? false,
        enrolledFactors: (store.users.get(account.userId)?.factors ?? []).map((factor) => ({
          id: factor.id,
          factorType: factor.factorType,
          provider: factor.provider,
          ...('secret' in factor ? { secret: factor.secret } : {}),
        })),
      })),
    ),
  )

  app.route('/', envelopeTestRoutes(ctx))
  return app
}
