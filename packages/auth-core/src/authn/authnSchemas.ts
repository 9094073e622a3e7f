/**
 * valibot schemas for the Okta classic Authn bodies this flow reads. Every schema builds a fresh
 * object with only the keys named here, so unknown keys (including `__proto__`) never reach the
 * caller. Optional display fields fall back (to null or absent) instead of failing the response;
 * fields the flow depends on (tokens, factor lists) are required.
 * @see https://developer.okta.com/docs/reference/api/authn/#authentication-transaction-object
 */
import * as v from 'valibot'
import { isJsonObject } from '../http/isJsonObject'

/** A factor id that is safe to place in a URL path: Okta ids are short alphanumeric strings. */
export const FACTOR_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

/** An object that is a JSON object (valibot's `object` also accepts arrays). */
function record<const TEntries extends v.ObjectEntries>(entries: TEntries) {
  return v.pipe(v.custom<Record<string, unknown>>(isJsonObject), v.object(entries))
}

const nonEmptyString = v.pipe(v.string(), v.minLength(1))
const factorId = v.pipe(v.string(), v.regex(FACTOR_ID_PATTERN))
const stringOrNull = v.fallback(v.nullable(v.string()), null)
const optionalString = v.fallback(v.optional(v.string()), undefined)
const optionalNumber = v.fallback(v.optional(v.pipe(v.number(), v.finite())), undefined)
const href = record({ href: v.string() })

/* --- Errors --- */

/** An Okta API error body; `errorCauses` entries that are not `{errorSummary: string}` are ignored. */
export const OktaErrorSchema = record({
  errorCode: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_]{1,32}$/)),
  errorCauses: v.fallback(v.optional(v.array(v.unknown())), undefined),
})

/** One entry of `errorCauses`. */
export const OktaErrorCauseSchema = record({ errorSummary: v.string() })

/* --- Transactions --- */

/** What every 2xx body is checked for before its status-specific schema. */
export const TransactionEnvelopeSchema = record({
  status: v.optional(v.unknown()),
  factorResult: v.optional(v.unknown()),
  _links: v.optional(record({ next: v.optional(record({ href: v.optional(v.string()) })) })),
})

/** `SUCCESS`: the one-time session token. */
export const SuccessSchema = record({ sessionToken: nonEmptyString })

/** `MFA_REQUIRED` / `MFA_ENROLL`: the state token and the raw factor list (entries checked one by one). */
export const FactorListSchema = record({
  stateToken: nonEmptyString,
  expiresAt: stringOrNull,
  _embedded: record({ factors: v.array(v.unknown()), policy: v.optional(v.unknown()) }),
})

/**
 * The remember-device policy of `MFA_REQUIRED`; only an explicit `allowRememberDevice: true`
 * offers it. A missing or odd lifetime is 0 ("until forgotten"), a missing default is false.
 * @see https://developer.okta.com/docs/reference/api/authn/#remember-device-policy-object
 */
export const RememberDevicePolicySchema = record({
  allowRememberDevice: v.literal(true),
  rememberDeviceLifetimeInMinutes: v.fallback(
    v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000)),
    0,
  ),
  rememberDeviceByDefault: v.fallback(v.boolean(), false),
})

const count = v.fallback(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(256)), 0)
/** Okta's docs show `excludeUsername` both as a boolean and as the string "true". */
const flag = v.fallback(
  v.pipe(
    v.union([v.boolean(), v.picklist(['true', 'false'])]),
    v.transform((value) => value === true || value === 'true'),
  ),
  false,
)

/**
 * `_embedded.policy.complexity` of `PASSWORD_EXPIRED`: each rule falls back to "no rule" when
 * absent or malformed; `excludeAttributes` keeps only `firstName` and `lastName`.
 * @see https://developer.okta.com/docs/reference/api/authn/#password-complexity-object
 */
export const PasswordComplexitySchema = record({
  minLength: count,
  minLowerCase: count,
  minUpperCase: count,
  minNumber: count,
  minSymbol: count,
  excludeUsername: flag,
  excludeAttributes: v.fallback(
    v.pipe(
      v.array(v.unknown()),
      v.transform((names) =>
        names.filter(
          (name): name is 'firstName' | 'lastName' => name === 'firstName' || name === 'lastName',
        ),
      ),
    ),
    [],
  ),
})

/** `_embedded.user.profile`: the login is required, the names optional. */
export const UserProfileSchema = record({
  profile: record({
    login: nonEmptyString,
    firstName: v.fallback(v.nullable(v.pipe(v.string(), v.minLength(1))), null),
    lastName: v.fallback(v.nullable(v.pipe(v.string(), v.minLength(1))), null),
  }),
})

/** `PASSWORD_EXPIRED`: the state token; policy and user are checked separately. */
export const PasswordExpiredSchema = record({
  stateToken: nonEmptyString,
  expiresAt: stringOrNull,
  _embedded: v.fallback(
    record({ user: v.optional(v.unknown()), policy: v.optional(v.unknown()) }),
    {},
  ),
})

/** `_embedded.policy` holding a `complexity` object. */
export const PolicyWithComplexitySchema = record({ complexity: v.unknown() })

/** `LOCKED_OUT`: only whether Okta published the `unlock` link matters. */
export const LockedOutSchema = record({
  _links: v.fallback(
    v.optional(record({ next: v.optional(record({ name: v.optional(v.string()) })) })),
    undefined,
  ),
})

/** `RECOVERY_CHALLENGE` of an unlock or reset by email (no stateToken, no links). */
export const RecoveryChallengeSchema = record({ recoveryType: optionalString })

/** A factor of `MFA_REQUIRED`: it must have an id, since `/verify` is addressed by it. */
export const FactorSchema = record({
  id: factorId,
  factorType: v.string(),
  provider: v.string(),
  status: optionalString,
})

/** A factor of `MFA_ENROLL`: not-yet-enrolled factors have no id; a present id must still be safe. */
export const EnrollableFactorSchema = record({
  id: v.optional(factorId),
  factorType: v.string(),
  provider: v.string(),
  status: optionalString,
})

/** `MFA_ENROLL_ACTIVATE`: the state token; factor and activation are checked separately. */
export const EnrollActivateSchema = record({
  stateToken: nonEmptyString,
  expiresAt: stringOrNull,
  factorResult: stringOrNull,
  _embedded: v.fallback(
    record({ factor: v.optional(v.unknown()), activation: v.optional(v.unknown()) }),
    {},
  ),
})

/** `_embedded.factor` of `MFA_ENROLL_ACTIVATE`, with its nested activation left raw. */
export const EnrolledFactorSchema = record({
  id: factorId,
  factorType: v.string(),
  provider: v.string(),
  _embedded: v.fallback(v.optional(record({ activation: v.optional(v.unknown()) })), undefined),
})

/** A TOTP activation object; the QR link may sit in `_links.qrcode.href` or on the activation itself. */
export const ActivationSchema = record({
  sharedSecret: stringOrNull,
  timeStep: optionalNumber,
  keyLength: optionalNumber,
  encoding: optionalString,
  factorResult: optionalString,
  _links: v.fallback(v.optional(record({ qrcode: v.optional(href) })), undefined),
  qrcode: v.fallback(v.optional(v.union([v.string(), href])), undefined),
  qrCode: optionalString,
})
