/**
 * All mutable state of the platform, in memory. `reset()` puts everything back to the seed, which
 * is what `POST /__test/reset` and a restart do.
 */
import {
  REMY_TOTP_FACTOR_ID,
  SEEDED_ACCOUNTS,
  TESS_PUSH_FACTOR_ID,
  TESS_TOTP_FACTOR_ID,
  type OktaBehaviour,
  type SeededAccount,
} from './accounts'
import type { Role } from './config'
import type { DeviceRecord } from './deviceCookie'
import type { RateLimitState } from './rateLimits'

/* --- Okta users and factors --- */

export type TotpProvider = 'OKTA' | 'GOOGLE'

/** An active (enrolled) factor. */
export type ActiveFactor =
  | { readonly id: string; readonly factorType: 'push'; readonly provider: 'OKTA' }
  | {
      readonly id: string
      readonly factorType: 'token:software:totp'
      readonly provider: TotpProvider
      /** Base32 shared secret. */
      readonly secret: string
    }

export interface OktaUser {
  readonly id: string
  readonly login: string
  password: string
  readonly firstName: string
  readonly lastName: string
  readonly behaviour: OktaBehaviour
  /** ISO time of the last password change (Okta's `passwordChanged`). */
  passwordChanged: string
  locked: boolean
  /** The password policy lets this user unlock themselves by email (Okta's self-service unlock). */
  readonly selfServiceUnlock: boolean
  /** The password has expired: after MFA, primary authentication answers PASSWORD_EXPIRED. */
  passwordExpired: boolean
  factors: ActiveFactor[]
  /** Wrong passcodes in a row (verify and activate); the fifth locks the user. */
  failedPasscodes: number
}

/* --- Authn transactions --- */

export type TransactionStatus =
  | 'UNAUTHENTICATED'
  | 'MFA_REQUIRED'
  | 'MFA_ENROLL'
  | 'MFA_ENROLL_ACTIVATE'
  | 'PASSWORD_EXPIRED'
  | 'PASSWORD_WARN'

/** A TOTP enrolment waiting for its first code. */
export interface PendingEnrolment {
  readonly factorId: string
  readonly provider: TotpProvider
  readonly secret: string
  /** Unguessable last segment of the QR image URL. */
  readonly qrToken: string
}

export interface Transaction {
  readonly stateToken: string
  /** Null only for an UNAUTHENTICATED transaction (no user yet). */
  readonly userId: string | null
  status: TransactionStatus
  /** Sliding expiry (ms). */
  expiresAt: number
  pending: PendingEnrolment | null
}

/** A one-time session token (5 minutes) from a SUCCESS transaction. */
export interface SessionTokenRecord {
  readonly userId: string
  readonly amr: readonly string[]
  readonly authTime: number
  readonly expiresAt: number
}

/** A self-service unlock link sent by `POST /api/v1/authn/recovery/unlock` (one use, 1 hour). */
export interface UnlockToken {
  readonly userId: string
  readonly expiresAt: number
  used: boolean
}

/** An email the platform "sent" (shown on the test-controls page instead of a mailbox). */
export interface SentEmail {
  readonly to: string
  readonly subject: string
  readonly text: string
  /** The link the email carries. */
  readonly link: string
  readonly sentAt: string
}

/* --- OAuth --- */

/** An Okta browser session (the `sid` cookie). */
export interface OktaSession {
  readonly userId: string
  readonly createdAt: number
}

export interface AuthorizationCode {
  readonly clientId: string
  readonly redirectUri: string
  readonly codeChallenge: string
  readonly scopes: readonly string[]
  readonly nonce: string | null
  readonly userId: string
  readonly amr: readonly string[]
  readonly authTime: number
  readonly expiresAt: number
  /** Set once the code has been presented at the token endpoint. */
  redeemed: boolean
  /** Refresh-token family issued from this code, revoked if the code is replayed. */
  familyId: string | null
}

export interface RefreshTokenRecord {
  readonly familyId: string
  readonly clientId: string
  readonly userId: string
  readonly scopes: readonly string[]
  readonly amr: readonly string[]
  readonly authTime: number
  readonly expiresAt: number
  /** Set when rotated; presenting it again after the grace period revokes the whole family. */
  used: boolean
  /** When it was rotated (ms), for the rotation grace period. */
  usedAt?: number
}

/* --- Google --- */

export interface GoogleCode {
  readonly email: string
  readonly nonce: string | null
  readonly expiresAt: number
  used: boolean
}

/* --- Test support --- */

export type FaultTarget = 'authn' | 'token' | 'revoke' | 'authorize' | 'google-auth' | 'keys'
export type FaultMode = 'delay' | 'status500' | 'malformed' | 'html200' | 'network-drop'

export interface Fault {
  readonly target: FaultTarget
  readonly mode: FaultMode
  readonly delayMs: number
  /** Matching requests still to be affected. */
  remaining: number
}

export interface RequestLogEntry {
  readonly role: Role
  /** Public origin of that role. */
  readonly origin: string
  readonly method: string
  /** Path only: query strings carry codes and tokens and are not logged. */
  readonly path: string
  /** Names of the cookies the request carried (never their values). */
  readonly cookies: readonly string[]
  readonly at: string
}

export interface Envelope {
  readonly receivedAt: string
  readonly body: string
}

/** A CSP violation report posted to Sentry's security endpoint, as received. */
export interface SecurityReport {
  readonly receivedAt: string
  /** `application/csp-report` (`report-uri`) or `application/reports+json` (Reporting API). */
  readonly contentType: string
  readonly body: unknown
}

/** The platform's whole state. */
export class Store {
  users = new Map<string, OktaUser>()
  transactions = new Map<string, Transaction>()
  sessionTokens = new Map<string, SessionTokenRecord>()
  sessions = new Map<string, OktaSession>()
  codes = new Map<string, AuthorizationCode>()
  refreshTokens = new Map<string, RefreshTokenRecord>()
  revokedFamilies = new Set<string>()
  googleCodes = new Map<string, GoogleCode>()
  /** Accepted TOTP time steps per `userId:factorId`, to refuse replays. */
  usedTotpSteps = new Map<string, Set<number>>()
  /** Primary-auth attempt times per lower-cased username (rate limiter). */
  authnAttempts = new Map<string, number[]>()
  /** The code steps' per-endpoint buckets (verify, activate) and any rule a test control set. */
  rateLimits: RateLimitState = { rules: new Map(), windows: new Map() }
  /** Self-service unlock tokens (the last path segment of the emailed link). */
  unlockTokens = new Map<string, UnlockToken>()
  /** Emails sent, newest last. */
  emails: SentEmail[] = []
  /** Okta device tokens (`DT` cookie) issued on Authn answers. */
  devices = new Map<string, DeviceRecord>()
  /** Remembered devices: `userId:deviceToken` → when the remembering ends (ms). */
  rememberedDevices = new Map<string, number>()
  envelopes: Envelope[] = []
  securityReports: SecurityReport[] = []
  faults: Fault[] = []
  requests: RequestLogEntry[] = []
  /** `POST /__test/access-token-ttl`: overrides `DEV_ACCESS_TOKEN_TTL` until the next reset. */
  accessTokenTtlSeconds: number | null = null
  /**
   * The demo sub-site API's 401 demonstration: per subject, the first access token it saw (and
   * refused, as if revoked); every other token of that person is accepted.
   */
  demoApiRefused = new Map<string, string>()

  constructor(private readonly seedTime: () => number) {
    this.reset()
  }

  /** Everything back to the seed. */
  reset(): void {
    this.users = new Map(
      SEEDED_ACCOUNTS.filter((account) => account.kind === 'okta').map((account) => [
        account.userId,
        seedUser(account, this.seedTime()),
      ]),
    )
    this.transactions.clear()
    this.sessionTokens.clear()
    this.sessions.clear()
    this.codes.clear()
    this.refreshTokens.clear()
    this.revokedFamilies.clear()
    this.googleCodes.clear()
    this.usedTotpSteps.clear()
    this.authnAttempts.clear()
    this.rateLimits = { rules: new Map(), windows: new Map() }
    this.unlockTokens.clear()
    this.emails = []
    this.devices.clear()
    this.rememberedDevices.clear()
    this.envelopes = []
    this.securityReports = []
    this.faults = []
    this.requests = []
    this.accessTokenTtlSeconds = null
    this.demoApiRefused.clear()
  }

  /**
   * Adds an active Okta user with a password and no factor (password-only sign-in), as an
   * administrator would with Okta's Users API (`POST /api/v1/users?activate=true`); gone at the
   * next reset. The id is Okta-style and unique within this store.
   */
  addPasswordUser(login: string, password: string, now: number): OktaUser {
    const user: OktaUser = {
      id: `00uadded${String(this.users.size).padStart(12, '0')}`,
      login,
      password,
      firstName: 'Added',
      lastName: 'User',
      behaviour: 'password',
      passwordChanged: new Date(Math.floor(now / 1000) * 1000).toISOString(),
      locked: false,
      selfServiceUnlock: true,
      passwordExpired: false,
      factors: [],
      failedPasscodes: 0,
    }
    this.users.set(user.id, user)
    return user
  }

  /** The Okta user with this login (case-insensitive), if any. */
  userByLogin(login: string): OktaUser | undefined {
    const wanted = login.trim().toLowerCase()
    for (const user of this.users.values()) if (user.login === wanted) return user
    return undefined
  }

  /** Takes the next matching fault, if any, counting it down. */
  takeFault(target: FaultTarget): Fault | undefined {
    const fault = this.faults.find((candidate) => candidate.target === target)
    if (!fault) return undefined
    fault.remaining -= 1
    if (fault.remaining <= 0) this.faults.splice(this.faults.indexOf(fault), 1)
    return fault
  }
}

const DAY_MS = 86_400_000

function seedUser(account: SeededAccount, now: number): OktaUser {
  const behaviour = account.behaviour as OktaBehaviour
  // The warned account's password is 86 days old: 4 days left of a 90-day policy.
  const passwordAge = behaviour === 'warn' ? 86 * DAY_MS : 30 * DAY_MS
  return {
    id: account.userId,
    login: account.email,
    password: account.password ?? '',
    firstName: account.firstName,
    lastName: account.lastName,
    behaviour,
    passwordChanged: new Date(Math.floor((now - passwordAge) / 1000) * 1000).toISOString(),
    locked: behaviour === 'locked' || behaviour === 'lockedAdmin',
    selfServiceUnlock: behaviour !== 'lockedAdmin',
    passwordExpired: behaviour === 'expired',
    factors: seedFactors(account),
    failedPasscodes: 0,
  }
}

function seedFactors(account: SeededAccount): ActiveFactor[] {
  const totp = (id: string): ActiveFactor => ({
    id,
    factorType: 'token:software:totp',
    provider: 'OKTA',
    secret: account.totpSecret ?? '',
  })
  if (account.behaviour === 'totp')
    return [
      { id: TESS_PUSH_FACTOR_ID, factorType: 'push', provider: 'OKTA' },
      totp(TESS_TOTP_FACTOR_ID),
    ]
  if (account.behaviour === 'remember') return [totp(REMY_TOTP_FACTOR_ID)]
  return []
}
