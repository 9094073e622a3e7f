/**
 * Bodies of the Okta classic Authn API, field for field as the recorded fixtures in
 * `shared/okta-authn-fixtures/` show them (the shape test holds them to it).
 * @see https://developer.okta.com/docs/reference/api/authn/#authentication-transaction-object
 */
import { REMY_REMEMBER_MINUTES } from './accounts'
import type { OktaUser, PendingEnrolment, Transaction } from './store'
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from './totp'

/** A HAL link that takes a POST, with Okta's `hints`. */
function link(href: string, name?: string) {
  return { ...(name === undefined ? {} : { name }), href, hints: { allow: ['POST'] } }
}

const iso = (ms: number): string => new Date(ms).toISOString()

/** `_embedded.user`. */
export function userEmbed(user: OktaUser) {
  return {
    id: user.id,
    passwordChanged: user.passwordChanged,
    profile: {
      login: user.login,
      firstName: user.firstName,
      lastName: user.lastName,
      locale: 'en_US',
      timeZone: 'America/Los_Angeles',
    },
  }
}

/**
 * `SUCCESS` with a one-time `sessionToken`; `expiresAt` is the session token's expiry.
 * @see https://developer.okta.com/docs/reference/api/authn/#response-example-for-primary-authentication-with-public-application-success
 */
export function successBody(user: OktaUser, sessionToken: string, expiresAt: number) {
  return {
    expiresAt: iso(expiresAt),
    status: 'SUCCESS',
    sessionToken,
    _embedded: { user: userEmbed(user) },
  }
}

/**
 * `LOCKED_OUT` as shown when the policy reveals lockouts (fixture authn-LOCKED_OUT). The `unlock`
 * link is published only when the user's policy allows self-service unlock.
 */
export function lockedOutBody(okta: string, selfServiceUnlock = true) {
  return {
    status: 'LOCKED_OUT',
    _embedded: {},
    _links: {
      ...(selfServiceUnlock && { next: link(`${okta}/api/v1/authn/recovery/unlock`, 'unlock') }),
      cancel: link(`${okta}/api/v1/authn/cancel`),
    },
  }
}

/**
 * The answer of `/api/v1/authn/recovery/unlock` (and `/password`) with the EMAIL factor for a
 * public application: no stateToken, no links, whatever the username.
 * @see https://developer.okta.com/docs/reference/api/authn/#response-example-for-email-factor
 */
export function recoveryChallengeBody(recoveryType: 'UNLOCK' | 'PASSWORD') {
  return {
    status: 'RECOVERY_CHALLENGE',
    factorResult: 'WAITING',
    factorType: 'EMAIL',
    recoveryType,
  }
}

/** The body of a live transaction in its current state. */
export function transactionBody(okta: string, txn: Transaction, user: OktaUser | undefined) {
  const cancel = link(`${okta}/api/v1/authn/cancel`)
  if (txn.status === 'UNAUTHENTICATED' || user === undefined)
    return {
      stateToken: txn.stateToken,
      status: 'UNAUTHENTICATED',
      _embedded: {},
      _links: { next: link(`${okta}/api/v1/authn`, 'authenticate') },
    }
  const head = { stateToken: txn.stateToken, expiresAt: iso(txn.expiresAt), status: txn.status }
  switch (txn.status) {
    case 'MFA_REQUIRED':
      return {
        ...head,
        _embedded: {
          user: userEmbed(user),
          policy: mfaPolicy(user),
          factors: factorList(okta, user),
        },
        _links: { cancel },
      }
    case 'MFA_ENROLL':
      return {
        ...head,
        _embedded: { user: userEmbed(user), factors: enrollableFactors(okta) },
        _links: { cancel },
      }
    case 'MFA_ENROLL_ACTIVATE': {
      const pending = txn.pending as PendingEnrolment
      return {
        ...head,
        _embedded: { user: userEmbed(user), factor: activationFactor(okta, user, pending) },
        _links: {
          next: link(
            `${okta}/api/v1/authn/factors/${pending.factorId}/lifecycle/activate`,
            'activate',
          ),
          cancel,
          prev: link(`${okta}/api/v1/authn/previous`),
        },
      }
    }
    case 'PASSWORD_EXPIRED':
      return {
        ...head,
        _embedded: { user: userEmbed(user), policy: { complexity: PASSWORD_COMPLEXITY } },
        _links: { next: changePassword(okta), cancel },
      }
    case 'PASSWORD_WARN':
      return {
        ...head,
        _embedded: {
          user: userEmbed(user),
          policy: { expiration: { passwordExpireDays: 4 }, complexity: PASSWORD_COMPLEXITY },
        },
        _links: {
          next: changePassword(okta),
          skip: link(`${okta}/api/v1/authn/skip`, 'skip'),
          cancel,
        },
      }
  }
}

/** The password policy shown with PASSWORD_EXPIRED / PASSWORD_WARN and enforced by change_password. */
export const PASSWORD_COMPLEXITY = {
  minLength: 8,
  minLowerCase: 1,
  minUpperCase: 1,
  minNumber: 1,
  minSymbol: 0,
  excludeUsername: true,
  excludeAttributes: ['firstName', 'lastName'],
}

/**
 * Whether `password` breaks the policy: too short, too few of a character class, or containing
 * the username's local part or an excluded attribute (case-insensitive), as Okta checks them.
 */
export function complexityProblem(
  policy: typeof PASSWORD_COMPLEXITY,
  user: Pick<OktaUser, 'login' | 'firstName' | 'lastName'>,
  password: string,
): boolean {
  const count = (pattern: RegExp) => (password.match(pattern) ?? []).length
  const lower = password.toLowerCase()
  const names = [
    ...(policy.excludeUsername ? [user.login.split('@')[0] ?? ''] : []),
    ...policy.excludeAttributes.map((name) =>
      name === 'firstName' ? user.firstName : user.lastName,
    ),
  ].filter((name) => name.length >= 3)
  return (
    [...password].length < policy.minLength ||
    count(/[a-z]/g) < policy.minLowerCase ||
    count(/[A-Z]/g) < policy.minUpperCase ||
    count(/[0-9]/g) < policy.minNumber ||
    count(/[^A-Za-z0-9]/g) < policy.minSymbol ||
    names.some((name) => lower.includes(name.toLowerCase()))
  )
}

const changePassword = (okta: string) =>
  link(`${okta}/api/v1/authn/credentials/change_password`, 'changePassword')

/** The remember-device lifetime in minutes when the user's policy allows it; else null. */
export function rememberDeviceMinutes(user: Pick<OktaUser, 'behaviour'>): number | null {
  return user.behaviour === 'remember' ? REMY_REMEMBER_MINUTES : null
}

/** `_embedded.policy` of MFA_REQUIRED (remember-device policy; push factors get policy info). */
function mfaPolicy(user: OktaUser) {
  const push = user.factors.filter((factor) => factor.factorType === 'push')
  const remember = rememberDeviceMinutes(user)
  return {
    allowRememberDevice: remember !== null,
    rememberDeviceLifetimeInMinutes: remember ?? 0,
    rememberDeviceByDefault: false,
    ...(push.length > 0 && {
      factorsPolicyInfo: Object.fromEntries(
        push.map((factor) => [factor.id, { autoPushEnabled: false }]),
      ),
    }),
  }
}

/**
 * The user's active factors, each with its `verify` link. For Okta Verify push, the profile
 * describes the (fictional) enrolled phone.
 * @see https://developer.okta.com/docs/reference/api/authn/#factor-object
 */
function factorList(okta: string, user: OktaUser) {
  return user.factors.map((factor) => ({
    id: factor.id,
    factorType: factor.factorType,
    provider: factor.provider,
    vendorName: factor.provider,
    profile:
      factor.factorType === 'push'
        ? {
            credentialId: user.login,
            deviceType: 'SmartPhone_IPhone',
            keys: [{ kty: 'PKIX', use: 'sig', kid: 'default', x5c: [DEVICE_KEY] }],
            name: `${user.firstName}'s iPhone`,
            platform: 'IOS',
            version: '17.5',
          }
        : { credentialId: user.login },
    _links: { verify: link(`${okta}/api/v1/authn/factors/${factor.id}/verify`) },
  }))
}

/** A placeholder device key (base64 of a fixed string; Okta shows the phone's public key). */
const DEVICE_KEY = Buffer.from('dev-platform push device key (not a real key)').toString('base64')

/** Factor kinds offered in MFA_ENROLL: both TOTP apps and SMS (which the app must filter out). */
export const ENROLLABLE_FACTORS = [
  { factorType: 'token:software:totp', provider: 'OKTA' },
  { factorType: 'token:software:totp', provider: 'GOOGLE' },
  { factorType: 'sms', provider: 'OKTA' },
] as const

/**
 * MFA_ENROLL factors: no `id` (nothing is enrolled yet), `status: NOT_SETUP`, and an `enroll`
 * link to `/api/v1/authn/factors`, as in Okta's documented example.
 * @see https://developer.okta.com/docs/reference/api/authn/#response-example-for-primary-authentication-with-public-application-factor-enroll
 */
function enrollableFactors(okta: string) {
  return ENROLLABLE_FACTORS.map((factor) => ({
    factorType: factor.factorType,
    provider: factor.provider,
    vendorName: factor.provider,
    _links: { enroll: link(`${okta}/api/v1/authn/factors`) },
    status: 'NOT_SETUP',
    enrollment: 'REQUIRED',
  }))
}

/** Issuer shown in authenticator apps for each provider. */
export const TOTP_ISSUER = {
  OKTA: 'Dev Platform (Okta Verify)',
  GOOGLE: 'Dev Platform (Google Authenticator)',
} as const

/**
 * `_embedded.factor` of MFA_ENROLL_ACTIVATE with the TOTP activation object.
 * @see https://developer.okta.com/docs/reference/api/authn/#totp-factor-activation-object
 */
function activationFactor(okta: string, user: OktaUser, pending: PendingEnrolment) {
  return {
    id: pending.factorId,
    factorType: 'token:software:totp',
    provider: pending.provider,
    profile: { credentialId: user.login },
    _embedded: {
      activation: {
        timeStep: TOTP_PERIOD_SECONDS,
        sharedSecret: pending.secret,
        encoding: 'base32',
        keyLength: TOTP_DIGITS,
        _links: {
          qrcode: {
            href: `${okta}/api/v1/users/${user.id}/factors/${pending.factorId}/qr/${pending.qrToken}`,
            type: 'image/png',
          },
        },
      },
    },
  }
}
