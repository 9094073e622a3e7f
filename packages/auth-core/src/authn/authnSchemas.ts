/**
 * valibot schemas for the Okta classic Authn bodies this flow reads. Every schema builds a fresh
 * object with only the keys named here, so unknown keys (including `__proto__`) never reach the
 * caller. Optional display fields fall back (to null or absent) instead of failing the response;
 * fields the flow depends on (tokens, factor lists) are required.
 * @see https://developer.okta.com/docs/reference/api/authn/#authentication-transaction-object
 */
import * as v from 'valibot'
import { isJsonObject } from '../http/readJsonBody'

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
  _embedded: record({ factors: v.array(v.unknown()) }),
})

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
