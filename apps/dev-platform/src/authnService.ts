/**
 * The Okta classic Authn state machine: primary authentication, transactions with sliding
 * stateTokens, TOTP enrolment, activation and verification, one-time session tokens, lockout
 * and rate limits. HTTP lives in `authnRoutes.ts`; this returns status, body and headers.
 * @see https://developer.okta.com/docs/reference/api/authn/
 */
import {
  rememberDeviceMinutes,
  complexityProblem,
  lockedOutBody,
  PASSWORD_COMPLEXITY,
  recoveryChallengeBody,
  successBody,
  transactionBody,
} from './authnResponses'
import { epochSeconds } from './clock'
import type { PlatformContext } from './context'
import {
  oktaError,
  PASSCODE_MISMATCH,
  PASSCODE_REPLAYED,
  type OktaError,
  type OktaErrorCode,
} from './oktaErrors'
import { safeEqual } from './safeEqual'
import type { OktaUser, Transaction, TransactionStatus } from './store'
import { matchTotp, TOTP_PERIOD_SECONDS } from './totp'

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
const MINUTE_MS = 60_000

type Body = Record<string, unknown>

/** Builds the Authn operations over the platform's store and clock. */
export function createAuthnService(ctx: PlatformContext) {
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

  return {
    /**
     * `POST /api/v1/authn`: primary authentication, or with only `{stateToken}` the current
     * transaction state.
     * @see https://developer.okta.com/docs/reference/api/authn/#primary-authentication
     * @see https://developer.okta.com/docs/reference/api/authn/#get-transaction-state
     */
    primary(body: Body, deviceToken?: string): AuthnOutcome {
      const { username, password, stateToken, options } = body
      if (stateToken !== undefined) {
        const txn = live(stateToken)
        if (!isTransaction(txn)) return txn
        if (username === undefined) return respond(txn)
        store.transactions.delete(txn.stateToken)
      }
      if (typeof username !== 'string' || typeof password !== 'string') return fail('E0000004')
      const user = store.userByLogin(username)
      const { headers, limited } = rateLimit(username, user)
      const withLimits = (outcome: AuthnOutcome): AuthnOutcome => ({
        ...outcome,
        headers: { ...outcome.headers, ...headers },
        ...(user && { user }),
      })
      if (limited) return withLimits(fail('E0000047'))
      if (!user || !safeEqual(user.password, password)) return withLimits(fail('E0000004'))
      if (user.locked)
        return withLimits({ status: 200, body: lockedOutBody(okta, user.selfServiceUnlock) })
      const warn =
        typeof options === 'object' &&
        options !== null &&
        (options as Body).warnBeforePasswordExpired === true
      // Okta challenges MFA before reporting an expired password, unless this browser's device
      // token was remembered for the user (verify with rememberDevice=true) and is still in time.
      const remembered =
        deviceToken === undefined
          ? undefined
          : store.rememberedDevices.get(`${user.id}:${deviceToken}`)
      const mfaRemembered = remembered !== undefined && remembered > clock.now()
      if (user.factors.length > 0 && !mfaRemembered)
        return withLimits(respond(startTransaction(user, 'MFA_REQUIRED')))
      if (user.behaviour === 'enroll')
        return withLimits(respond(startTransaction(user, 'MFA_ENROLL')))
      if (user.passwordExpired)
        return withLimits(respond(startTransaction(user, 'PASSWORD_EXPIRED')))
      if (user.behaviour === 'warn' && warn)
        return withLimits(respond(startTransaction(user, 'PASSWORD_WARN')))
      return withLimits(succeed(user, ['pwd']))
    },

    /**
     * `POST /api/v1/authn/factors`: enrol a TOTP factor (Okta Verify or Google Authenticator)
     * with a fresh secret; answers MFA_ENROLL_ACTIVATE.
     * @see https://developer.okta.com/docs/reference/api/authn/#enroll-okta-verify-totp-factor
     */
    enroll(body: Body): AuthnOutcome {
      const found = inState(body.stateToken, ['MFA_ENROLL'])
      if (!('txn' in found)) return found
      const { provider, factorType } = body
      if (factorType !== 'token:software:totp' || (provider !== 'OKTA' && provider !== 'GOOGLE'))
        return fail('E0000001', { detail: 'factorEnrollRequest' })
      found.txn.pending = {
        factorId: random.oktaId(provider === 'OKTA' ? 'ost' : 'uft'),
        provider,
        secret: random.base32Secret(),
        qrToken: random.token(),
      }
      found.txn.status = 'MFA_ENROLL_ACTIVATE'
      return respond(found.txn)
    },

    /**
     * `POST /api/v1/authn/factors/{id}/lifecycle/activate`: the first code activates the
     * enrolment (kept in memory until reset) and ends the transaction with SUCCESS.
     * @see https://developer.okta.com/docs/reference/api/authn/#activate-totp-factor
     */
    activate(factorId: string, body: Body): AuthnOutcome {
      const found = inState(body.stateToken, ['MFA_ENROLL_ACTIVATE'])
      if (!('txn' in found)) return found
      const { txn, user } = found
      const pending = txn.pending
      if (!pending || pending.factorId !== factorId) return notFound(`${factorId} (UserFactor)`)
      const refused = checkPasscode(user, txn, factorId, pending.secret, body.passCode)
      if (refused) return refused
      user.factors.push({
        id: pending.factorId,
        factorType: 'token:software:totp',
        provider: pending.provider,
        secret: pending.secret,
      })
      return succeed(user, ['pwd', 'otp'], txn)
    },

    /**
     * `POST /api/v1/authn/factors/{id}/verify`: checks a TOTP code in MFA_REQUIRED.
     * Push cannot be delivered here, so verifying the push factor answers E0000006.
     * @see https://developer.okta.com/docs/reference/api/authn/#verify-totp-factor
     */
    verify(
      factorId: string,
      body: Body,
      remember: { readonly rememberDevice: boolean; readonly deviceToken?: string } = {
        rememberDevice: false,
      },
    ): AuthnOutcome {
      const found = inState(body.stateToken, ['MFA_REQUIRED'])
      if (!('txn' in found)) return found
      const { txn, user } = found
      const factor = user.factors.find((candidate) => candidate.id === factorId)
      if (!factor) return notFound(`${factorId} (UserFactor)`)
      if (factor.factorType === 'push') return fromError(oktaError(random, 'E0000006'), user)
      const refused = checkPasscode(user, txn, factorId, factor.secret, body.passCode)
      if (refused) return refused
      // `rememberDevice=true` remembers this browser's device token for the policy's lifetime,
      // only where the policy allows it (Okta ignores it otherwise).
      const lifetime = rememberDeviceMinutes(user)
      if (remember.rememberDevice && lifetime !== null && remember.deviceToken !== undefined)
        store.rememberedDevices.set(
          `${user.id}:${remember.deviceToken}`,
          lifetime === 0 ? Number.POSITIVE_INFINITY : clock.now() + lifetime * MINUTE_MS,
        )
      // Okta challenges MFA first, then reports the expired password.
      if (user.passwordExpired) {
        txn.status = 'PASSWORD_EXPIRED'
        return respond(txn)
      }
      return succeed(user, ['pwd', 'otp'], txn)
    },

    /**
     * `POST /api/v1/authn/credentials/change_password` in PASSWORD_EXPIRED or PASSWORD_WARN:
     * a wrong `oldPassword` is 403 E0000014 ("oldPassword: The credentials provided were
     * incorrect."), a `newPassword` outside the policy 403 E0000080 with the policy as its cause,
     * the current password again 403 E0000014 ("Password has been used too recently"); else the
     * password changes and the transaction ends in SUCCESS.
     * @see https://developer.okta.com/docs/reference/api/authn/#change-password
     */
    changePassword(body: Body): AuthnOutcome {
      const found = inState(body.stateToken, ['PASSWORD_EXPIRED', 'PASSWORD_WARN'])
      if (!('txn' in found)) return found
      const { txn, user } = found
      const { oldPassword, newPassword } = body
      if (typeof oldPassword !== 'string') return fail('E0000001', { detail: 'oldPassword' })
      if (typeof newPassword !== 'string') return fail('E0000001', { detail: 'newPassword' })
      if (!safeEqual(user.password, oldPassword))
        return fail('E0000014', {
          causes: ['oldPassword: The credentials provided were incorrect.'],
        })
      if (newPassword === oldPassword)
        return fail('E0000014', { causes: ['password: Password has been used too recently'] })
      if (complexityProblem(PASSWORD_COMPLEXITY, user, newPassword))
        return fail('E0000080', { causes: [complexityCause()] })
      user.password = newPassword
      user.passwordExpired = false
      user.passwordChanged = new Date(Math.floor(clock.now() / 1000) * 1000).toISOString()
      return succeed(user, ['pwd'], txn)
    },

    /**
     * `POST /api/v1/authn/recovery/unlock` with `{username, factorType: "EMAIL"}`: always the
     * same `RECOVERY_CHALLENGE` answer (no enumeration). Only a locked user whose policy allows
     * self-service unlock gets an email, with a one-use link valid for an hour.
     * @see https://developer.okta.com/docs/reference/api/authn/#unlock-account
     */
    unlock(body: Body): AuthnOutcome {
      const { username, factorType } = body
      if (typeof username !== 'string' || username.trim() === '')
        return fail('E0000001', { detail: 'username' })
      if (factorType !== 'EMAIL') return fail('E0000001', { detail: 'factorType' })
      const user = store.userByLogin(username)
      if (user?.locked && user.selfServiceUnlock) {
        const token = random.token()
        const now = clock.now()
        store.unlockTokens.set(token, {
          userId: user.id,
          expiresAt: now + UNLOCK_TOKEN_TTL_MS,
          used: false,
        })
        const link = `${okta}/signin/unlock/${token}`
        store.emails.push({
          to: user.login,
          subject: 'Unlock your account',
          text: `Someone asked to unlock the account ${user.login}. Open the link within an hour to unlock it. If it was not you, ignore this email.`,
          link,
          sentAt: new Date(now).toISOString(),
        })
      }
      return { status: 200, body: recoveryChallengeBody('UNLOCK') }
    },

    /** Follows an emailed unlock link: true when it unlocked the account (once, within the hour). */
    redeemUnlock(token: string): OktaUser | null {
      const record = store.unlockTokens.get(token)
      if (!record || record.used || record.expiresAt <= clock.now()) return null
      record.used = true
      const user = store.users.get(record.userId)
      if (!user) return null
      user.locked = false
      user.failedPasscodes = 0
      return user
    },

    /**
     * `POST /api/v1/authn/previous`: from MFA_ENROLL_ACTIVATE back to MFA_ENROLL.
     * @see https://developer.okta.com/docs/reference/api/authn/#previous-transaction-state
     */
    previous(body: Body): AuthnOutcome {
      const found = inState(body.stateToken, ['MFA_ENROLL_ACTIVATE'])
      if (!('txn' in found)) return found
      found.txn.status = 'MFA_ENROLL'
      found.txn.pending = null
      return respond(found.txn)
    },

    /**
     * `POST /api/v1/authn/skip`: skips the password warning (PASSWORD_WARN → SUCCESS).
     * @see https://developer.okta.com/docs/reference/api/authn/#skip-transaction-state
     */
    skip(body: Body): AuthnOutcome {
      const found = inState(body.stateToken, ['PASSWORD_WARN'])
      if (!('txn' in found)) return found
      return succeed(found.user, ['pwd'], found.txn)
    },

    /**
     * `POST /api/v1/authn/introspect`: the transaction of `{stateToken}` in its current state,
     * as "get transaction state" answers it (Okta's SDK calls it for `tx.introspect()`); an
     * unknown, finished or expired stateToken is 401 E0000011.
     * @see https://github.com/okta/okta-auth-js/blob/master/lib/authn/api.ts (transactionStep)
     */
    introspect(body: Body): AuthnOutcome {
      const txn = live(body.stateToken)
      return isTransaction(txn) ? respond(txn) : txn
    },

    /**
     * `POST /api/v1/authn/cancel`: revokes the stateToken.
     * @see https://developer.okta.com/docs/reference/api/authn/#cancel-transaction
     */
    cancel(body: Body): AuthnOutcome {
      const txn = live(body.stateToken)
      if (!isTransaction(txn)) return txn
      store.transactions.delete(txn.stateToken)
      return { status: 200, body: { _embedded: {} } }
    },

    /** Starts an UNAUTHENTICATED transaction (what Okta's hosted sign-in page would hold). */
    startUnauthenticated(): string {
      const txn: Transaction = {
        stateToken: random.token(),
        userId: null,
        status: 'UNAUTHENTICATED',
        expiresAt: clock.now() + config.stateTokenTtlSeconds * 1000,
        pending: null,
      }
      store.transactions.set(txn.stateToken, txn)
      return txn.stateToken
    },

    /** The pending enrolment behind a QR link, while its transaction lives; else null. */
    qrEnrolment(userId: string, factorId: string, qrToken: string) {
      for (const txn of store.transactions.values()) {
        const pending = txn.pending
        if (
          pending?.qrToken === qrToken &&
          pending.factorId === factorId &&
          txn.userId === userId &&
          txn.expiresAt > clock.now()
        )
          return { pending, user: store.users.get(userId) as OktaUser }
      }
      return null
    },

    notFound,
  }

  /** 404 E0000007 "Not found: Resource not found: {resource}". */
  function notFound(resource: string): AuthnOutcome {
    return fail('E0000007', { detail: `Resource not found: ${resource}` })
  }
}

export type AuthnService = ReturnType<typeof createAuthnService>

/** The policy as Okta words it in an E0000080 cause. */
function complexityCause(): string {
  const { minLength, minLowerCase, minUpperCase, minNumber, minSymbol } = PASSWORD_COMPLEXITY
  const parts = [
    `at least ${minLength} characters`,
    ...(minLowerCase > 0 ? ['a lowercase letter'] : []),
    ...(minUpperCase > 0 ? ['an uppercase letter'] : []),
    ...(minNumber > 0 ? ['a number'] : []),
    ...(minSymbol > 0 ? ['a symbol'] : []),
    'no parts of your username',
  ]
  return `Passwords must have ${parts.join(', ')}`
}

function isTransaction(value: Transaction | AuthnOutcome): value is Transaction {
  return !('body' in value)
}
