/**
 * What the Authn endpoints share: the platform's store, clock and randomness, Okta's error
 * answers, transactions (looked up, slid, started, in an allowed state), the one-time session
 * token, the rate limit and the passcode check. Each endpoint is a file of its own beside this.
 */
import { successBody, transactionBody } from '../authnResponses'
import { epochSeconds } from '../clock'
import {
  oktaError,
  PASSCODE_MISMATCH,
  PASSCODE_REPLAYED,
  type OktaError,
  type OktaErrorCode,
} from '../oktaErrors'
import type { OktaUser, Transaction, TransactionStatus } from '../store'
import { matchTotp, TOTP_PERIOD_SECONDS } from '../totp'
import type { PlatformContext } from '../context'

/** What an Authn call answers. `user` is set when the call concerns a known user (slow account). */
export interface AuthnOutcome {
  readonly status: number
  readonly body: unknown
  readonly headers?: Readonly<Record<string, string>>
  readonly user?: OktaUser
}

/** Primary authentications allowed per username per minute before 429 E0000047. */
export const PRIMARY_AUTH_LIMIT = 20
/** Wrong passcodes in a row that lock the user (the last one answers E0000069). */
export const MAX_FAILED_PASSCODES = 5
/** Lifetime of a session token. @see https://developer.okta.com/docs/reference/api/authn/#session-token */
export const SESSION_TOKEN_TTL_MS = 5 * 60_000
/** Lifetime of an emailed self-service unlock link. */
export const UNLOCK_TOKEN_TTL_MS = 60 * 60_000
/** One minute, the window of the rate limit and the unit of the remember-device lifetime. */
export const MINUTE_MS = 60_000

export type Body = Record<string, unknown>

/** The shared helpers over the platform's store and clock, for the endpoint functions. */
export function createAuthnKit(ctx: PlatformContext) {
  const { store, clock, random, config } = ctx
  const okta = config.urls.okta

  const fail = (code: OktaErrorCode, options?: Parameters<typeof oktaError>[2]): AuthnOutcome =>
    fromError(oktaError(random, code, options))
  const fromError = (error: OktaError, user?: OktaUser): AuthnOutcome => ({
    status: error.status,
    body: error.body,
    ...(user && { user }),
  })

  /** The live transaction for a stateToken, or E0000011 (unknown, finished or expired). */
  const live = (stateToken: unknown): Transaction | AuthnOutcome => {
    const txn = typeof stateToken === 'string' ? store.transactions.get(stateToken) : undefined
    if (txn && txn.expiresAt > clock.now()) return txn
    if (txn) store.transactions.delete(txn.stateToken)
    return fail('E0000011')
  }

  /** Slides the expiry (every successful use) and answers the transaction in its state. */
  const respond = (txn: Transaction): AuthnOutcome => {
    txn.expiresAt = clock.now() + config.stateTokenTtlSeconds * 1000
    const user = txn.userId === null ? undefined : store.users.get(txn.userId)
    return {
      status: 200,
      body: transactionBody(okta, txn, user),
      ...(user && { user }),
    }
  }

  const startTransaction = (user: OktaUser, status: TransactionStatus): Transaction => {
    const txn: Transaction = {
      stateToken: random.token(),
      userId: user.id,
      status,
      expiresAt: 0,
      pending: null,
    }
    store.transactions.set(txn.stateToken, txn)
    return txn
  }

  /** Ends the transaction and mints a one-time session token. */
  const succeed = (user: OktaUser, amr: string[], txn?: Transaction): AuthnOutcome => {
    if (txn) store.transactions.delete(txn.stateToken)
    const sessionToken = random.token()
    const now = clock.now()
    const expiresAt = now + SESSION_TOKEN_TTL_MS
    store.sessionTokens.set(sessionToken, { userId: user.id, amr, authTime: now, expiresAt })
    return { status: 200, body: successBody(user, sessionToken, expiresAt), user }
  }

  /** The transaction in one of `allowed` states, with its user; else the Okta error. */
  const inState = (
    stateToken: unknown,
    allowed: readonly TransactionStatus[],
  ): { txn: Transaction; user: OktaUser } | AuthnOutcome => {
    const txn = live(stateToken)
    if (!isTransaction(txn)) return txn
    const user = txn.userId === null ? undefined : store.users.get(txn.userId)
    if (!user || !allowed.includes(txn.status)) return fail('E0000079')
    return { txn, user }
  }

  /** Counts the attempt and returns the rate-limit headers, or the 429 when over the limit. */
  const rateLimit = (username: string, user: OktaUser | undefined) => {
    const now = clock.now()
    const key = username.trim().toLowerCase()
    const attempts = (store.authnAttempts.get(key) ?? []).filter((at) => at > now - MINUTE_MS)
    attempts.push(now)
    store.authnAttempts.set(key, attempts)
    const always = user?.behaviour === 'ratelimit'
    const resetAt = always ? now + MINUTE_MS : (attempts[0] ?? now) + MINUTE_MS
    const remaining = always ? 0 : Math.max(0, PRIMARY_AUTH_LIMIT - attempts.length)
    const headers = {
      'X-Rate-Limit-Limit': String(PRIMARY_AUTH_LIMIT),
      'X-Rate-Limit-Remaining': String(remaining),
      'X-Rate-Limit-Reset': String(epochSeconds(resetAt) + 1),
    }
    const limited = always || attempts.length > PRIMARY_AUTH_LIMIT
    return { headers, limited }
  }

  /**
   * Checks a passcode against a TOTP secret: a code is accepted once (RFC 6238 section 5.2),
   * wrong codes and replays count towards the lockout, and the fifth in a row locks the user.
   */
  const checkPasscode = (
    user: OktaUser,
    txn: Transaction,
    factorId: string,
    secret: string,
    passCode: unknown,
  ): AuthnOutcome | null => {
    if (typeof passCode !== 'string') return fail('E0000001', { detail: 'passCode' })
    const key = `${user.id}:${factorId}`
    const used = store.usedTotpSteps.get(key) ?? new Set<number>()
    const now = clock.now()
    const step = matchTotp(secret, passCode.trim(), now)
    if (step !== null && !used.has(step)) {
      used.add(step)
      const oldest = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) - 2
      for (const old of used) if (old < oldest) used.delete(old)
      store.usedTotpSteps.set(key, used)
      user.failedPasscodes = 0
      return null
    }
    user.failedPasscodes += 1
    if (user.failedPasscodes >= MAX_FAILED_PASSCODES) {
      user.locked = true
      store.transactions.delete(txn.stateToken)
      return fromError(oktaError(random, 'E0000069'), user)
    }
    const cause = step === null ? PASSCODE_MISMATCH : PASSCODE_REPLAYED
    return fromError(oktaError(random, 'E0000068', { causes: [cause] }), user)
  }

  /** 404 E0000007 "Not found: Resource not found: {resource}". */
  function notFound(resource: string): AuthnOutcome {
    return fail('E0000007', { detail: `Resource not found: ${resource}` })
  }

  return {
    store,
    clock,
    random,
    config,
    okta,
    fail,
    fromError,
    live,
    respond,
    startTransaction,
    succeed,
    inState,
    rateLimit,
    checkPasscode,
    notFound,
  }
}

/** The helpers every endpoint function takes first. */
export type AuthnKit = ReturnType<typeof createAuthnKit>

/** Whether a lookup found the transaction (not an error answer). */
export function isTransaction(value: Transaction | AuthnOutcome): value is Transaction {
  return !('body' in value)
}
