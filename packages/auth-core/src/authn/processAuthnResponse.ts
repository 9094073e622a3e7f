import * as v from 'valibot'
import type { AuthConfig } from '../config/authConfig'
import { AuthError } from '../errors/authError'
import { readJsonBody } from '../http/readJsonBody'
import type {
  AuthnEnrollableFactor,
  AuthnFactor,
  AuthnTransaction,
  RememberDevicePolicy,
  TotpActivation,
} from './authn.types'
import {
  ActivationSchema,
  EnrollableFactorSchema,
  EnrolledFactorSchema,
  EnrollActivateSchema,
  FactorListSchema,
  FactorSchema,
  LockedOutSchema,
  PasswordComplexitySchema,
  PasswordExpiredSchema,
  PolicyWithComplexitySchema,
  RecoveryChallengeSchema,
  RememberDevicePolicySchema,
  SuccessSchema,
  TransactionEnvelopeSchema,
  UserProfileSchema,
} from './authnSchemas'
import { oktaErrorToAuthError } from './oktaErrorToAuthError'
import { acceptQrCodeUrl, isOrgUrl } from './orgUrl'

/**
 * Checks an answer of `/api/v1/authn...` and returns the transaction, or throws an
 * {@link AuthError}; it never returns a partially checked object.
 *
 * - non-2xx: the Okta error code decides (see `oktaErrorToAuthError`);
 * - 2xx: the body must be a JSON object; a `_links.next.href` off the org origin, or
 *   `factorResult: PASSCODE_REPLAYED`, is an error; then `SUCCESS`, `MFA_REQUIRED` (with its
 *   remember-device policy), `MFA_ENROLL`, `MFA_ENROLL_ACTIVATE`, `PASSWORD_EXPIRED` (with the
 *   password complexity and user), `LOCKED_OUT` (whether `unlock` is published) and
 *   `RECOVERY_CHALLENGE` are schema-checked, and every other status is `unknown_error` with the
 *   status as `providerCode` (so is a handled status missing a required field, e.g. `SUCCESS`
 *   without a session token).
 *
 * @see https://developer.okta.com/docs/reference/api/authn/#transaction-state
 * @see https://developer.okta.com/docs/reference/api/authn/#factor-result
 * @see https://developer.okta.com/docs/reference/api/authn/#response-example-for-email-factor
 */
export async function processAuthnResponse(
  config: AuthConfig,
  response: Response,
): Promise<AuthnTransaction> {
  const body = await readJsonBody(response)
  if (!response.ok) throw oktaErrorToAuthError(response, body)

  const fail = (message: string, providerCode?: string): AuthError =>
    new AuthError('unknown_error', message, {
      status: response.status,
      ...(providerCode === undefined ? {} : { providerCode }),
    })

  if (!body.parsed) throw fail('The Authn answer is not JSON.')
  const envelope = v.safeParse(TransactionEnvelopeSchema, body.value)
  if (!envelope.success) throw fail('The Authn answer is not a JSON transaction.')
  const { status, factorResult, _links } = envelope.output
  const statusCode =
    typeof status === 'string' && /^[A-Z_]{1,40}$/.test(status) ? status : undefined

  // No next link is nothing to check: it stands for the org itself.
  const next = _links?.next?.href ?? config.oktaOrgUrl
  if (!isOrgUrl(config, next)) throw fail('The Authn answer links to another origin.', statusCode)
  if (factorResult === 'PASSCODE_REPLAYED')
    throw new AuthError('passcode_replayed', 'The passcode was already used.', {
      status: response.status,
      providerCode: 'PASSCODE_REPLAYED',
    })

  const transaction = parseHandledStatus(config, status, body.value)
  if (transaction !== undefined) return transaction

  // Every other status (PASSWORD_WARN is never asked for: warnBeforePasswordExpired is false).
  throw fail(
    `The Authn answer has an unsupported or incomplete status (${statusCode ?? 'none'}).`,
    statusCode,
  )
}

/** The transaction for a status this flow handles; `undefined` for any other status or missing fields. */
function parseHandledStatus(
  config: AuthConfig,
  status: unknown,
  value: unknown,
): AuthnTransaction | undefined {
  switch (status) {
    case 'SUCCESS':
      return parseSuccess(value)
    case 'MFA_REQUIRED':
    case 'MFA_ENROLL':
      return parseFactorList(status, value)
    case 'MFA_ENROLL_ACTIVATE':
      return parseEnrollActivate(config, value)
    case 'PASSWORD_EXPIRED':
      return parsePasswordExpired(value)
    case 'LOCKED_OUT': {
      const parsed = v.safeParse(LockedOutSchema, value)
      if (!parsed.success) return undefined
      return { status: 'LOCKED_OUT', canUnlock: parsed.output._links?.next?.name === 'unlock' }
    }
    case 'RECOVERY_CHALLENGE': {
      const parsed = v.safeParse(RecoveryChallengeSchema, value)
      if (!parsed.success) return undefined
      return { status: 'RECOVERY_CHALLENGE', recoveryType: parsed.output.recoveryType ?? null }
    }
    default:
      return undefined
  }
}

/** `undefined` means "the required fields are missing"; the caller reports it. */
function parseSuccess(value: unknown): AuthnTransaction | undefined {
  const parsed = v.safeParse(SuccessSchema, value)
  return parsed.success
    ? { status: 'SUCCESS', sessionToken: parsed.output.sessionToken }
    : undefined
}

function parseFactorList(
  status: 'MFA_REQUIRED' | 'MFA_ENROLL',
  value: unknown,
): AuthnTransaction | undefined {
  const parsed = v.safeParse(FactorListSchema, value)
  if (!parsed.success) return undefined
  const { stateToken, expiresAt, _embedded } = parsed.output
  if (status === 'MFA_REQUIRED') {
    const factors = _embedded.factors.flatMap((raw): AuthnFactor[] => {
      const factor = v.safeParse(FactorSchema, raw)
      return factor.success ? [withStatus({ id: factor.output.id }, factor.output)] : []
    })
    return {
      status,
      stateToken,
      expiresAt,
      factors,
      rememberDevice: rememberDevice(_embedded.policy),
    }
  }
  const factors = _embedded.factors.flatMap((raw): AuthnEnrollableFactor[] => {
    const factor = v.safeParse(EnrollableFactorSchema, raw)
    if (!factor.success) return []
    return [
      withStatus(factor.output.id === undefined ? {} : { id: factor.output.id }, factor.output),
    ]
  })
  return { status, stateToken, expiresAt, factors }
}

function withStatus<T extends object>(
  base: T,
  factor: { factorType: string; provider: string; status?: string | undefined },
): T & { factorType: string; provider: string; status?: string } {
  return {
    ...base,
    factorType: factor.factorType,
    provider: factor.provider,
    ...(factor.status === undefined ? {} : { status: factor.status }),
  }
}

function parseEnrollActivate(config: AuthConfig, value: unknown): AuthnTransaction | undefined {
  const parsed = v.safeParse(EnrollActivateSchema, value)
  if (!parsed.success) return undefined
  const { stateToken, expiresAt, factorResult, _embedded } = parsed.output
  const factor = v.safeParse(EnrolledFactorSchema, _embedded.factor)
  const rawActivation = factor.success
    ? (factor.output._embedded?.activation ?? _embedded.activation)
    : _embedded.activation
  const activation = v.safeParse(ActivationSchema, rawActivation)
  return {
    status: 'MFA_ENROLL_ACTIVATE',
    stateToken,
    expiresAt,
    factor: factor.success
      ? {
          id: factor.output.id,
          factorType: factor.output.factorType,
          provider: factor.output.provider,
        }
      : null,
    activation: activation.success ? toActivation(config, activation.output) : null,
    factorResult:
      factorResult ?? (activation.success ? (activation.output.factorResult ?? null) : null),
  }
}

function toActivation(
  config: AuthConfig,
  activation: v.InferOutput<typeof ActivationSchema>,
): TotpActivation {
  const { qrcode, qrCode, _links } = activation
  const candidate =
    _links?.qrcode?.href ?? (typeof qrcode === 'string' ? qrcode : qrcode?.href) ?? qrCode
  return {
    sharedSecret: activation.sharedSecret,
    qrCodeUrl: candidate === undefined ? null : acceptQrCodeUrl(config, candidate),
    ...(activation.timeStep === undefined ? {} : { timeStep: activation.timeStep }),
    ...(activation.keyLength === undefined ? {} : { keyLength: activation.keyLength }),
    ...(activation.encoding === undefined ? {} : { encoding: activation.encoding }),
  }
}

/** The remember-device policy when it allows remembering; null otherwise (or when malformed). */
function rememberDevice(policy: unknown): RememberDevicePolicy | null {
  const parsed = v.safeParse(RememberDevicePolicySchema, policy)
  if (!parsed.success) return null
  return {
    lifetimeMinutes: parsed.output.rememberDeviceLifetimeInMinutes,
    byDefault: parsed.output.rememberDeviceByDefault,
  }
}

/** `PASSWORD_EXPIRED`: the state token is required; a malformed policy or user is null. */
function parsePasswordExpired(value: unknown): AuthnTransaction | undefined {
  const parsed = v.safeParse(PasswordExpiredSchema, value)
  if (!parsed.success) return undefined
  const { stateToken, expiresAt, _embedded } = parsed.output
  const policy = v.safeParse(PolicyWithComplexitySchema, _embedded.policy)
  const complexity = policy.success
    ? v.safeParse(PasswordComplexitySchema, policy.output.complexity)
    : undefined
  const user = v.safeParse(UserProfileSchema, _embedded.user)
  return {
    status: 'PASSWORD_EXPIRED',
    stateToken,
    expiresAt,
    complexity: complexity?.success ? complexity.output : null,
    user: user.success ? user.output.profile : null,
  }
}
