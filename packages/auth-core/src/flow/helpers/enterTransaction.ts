import type { AuthnTransaction, TotpProvider } from '../../authn/authn.types'
import { TOTP_FACTOR_TYPE } from '../../authn/authn.types'
import { initialCodeEntry } from '../../codeEntry/initialCodeEntry'
import { failToEmail, forget, report } from '../flowOutcomes'
import type {
  StepEffect,
  SignInStepState,
  SignInStep,
  StepTransition,
  StepHash,
} from '../signInFlow.types'
import { STEP_HASHES } from '../signInFlow.types'
import { startAuthorization } from './startAuthorization'

const PROVIDERS: readonly TotpProvider[] = ['OKTA', 'GOOGLE']

function isTotpProvider(value: string): value is TotpProvider {
  return (PROVIDERS as readonly string[]).includes(value)
}

/** Where a transaction came from: which step asked, and how the address should change. */
export interface TransactionOrigin {
  readonly from: SignInStep
  readonly email: string | null
  /** `push` after primary authentication (Back returns to the password step); `replace` otherwise. */
  readonly hashMode: 'push' | 'replace'
}

/**
 * The TOTP factors of an `MFA_ENROLL` transaction that the person can set up: type
 * `token:software:totp`, status `NOT_SETUP`, provider Okta Verify or Google Authenticator, each once.
 */
export function enrollableProviders(
  transaction: Extract<AuthnTransaction, { status: 'MFA_ENROLL' }>,
): TotpProvider[] {
  const providers: TotpProvider[] = []
  for (const factor of transaction.factors) {
    if (
      factor.factorType === TOTP_FACTOR_TYPE &&
      factor.status === 'NOT_SETUP' &&
      isTotpProvider(factor.provider) &&
      !providers.includes(factor.provider)
    )
      providers.push(factor.provider)
  }
  return providers
}

/**
 * The QR step for an `MFA_ENROLL_ACTIVATE` transaction, or null when the provider did not send
 * everything it needs (a TOTP factor id, the shared secret and an accepted QR link).
 */
export function activationStep(
  transaction: Extract<AuthnTransaction, { status: 'MFA_ENROLL_ACTIVATE' }>,
  email: string | null,
): Extract<SignInStepState, { step: 'enrollActivate' }> | null {
  const { factor, activation } = transaction
  if (!factor || factor.factorType !== TOTP_FACTOR_TYPE || !isTotpProvider(factor.provider))
    return null
  if (!activation?.sharedSecret || !activation.qrCodeUrl) return null
  return {
    step: 'enrollActivate',
    email,
    stateToken: transaction.stateToken,
    factorId: factor.id,
    provider: factor.provider,
    sharedSecret: activation.sharedSecret,
    qrCodeUrl: activation.qrCodeUrl,
    code: initialCodeEntry(),
    activating: false,
    error: null,
  }
}

/**
 * Enters the step a transaction calls for, after primary authentication or a resume (spec
 * section 4): SUCCESS starts authorization; MFA_REQUIRED shows code entry with the first
 * `token:software:totp` factor; MFA_ENROLL lists the NOT_SETUP TOTP factors; MFA_ENROLL_ACTIVATE
 * shows the QR step. The state token is persisted so a reload can resume.
 */
export function enterTransaction(
  transaction: AuthnTransaction,
  origin: TransactionOrigin,
): StepTransition {
  const { email, from, hashMode } = origin
  // Entering any MFA step: keep the state token for a reload, drop the MFA-redirect flag, and
  // show the step's hash.
  const mfaStepEffects = (stateToken: string, hash: StepHash): StepEffect[] => [
    { type: 'persist', item: 'stateToken', value: stateToken },
    { type: 'forget', item: 'mfaRedirect' },
    { type: 'setLocation', hash, email, mode: hashMode },
  ]
  switch (transaction.status) {
    case 'SUCCESS':
      return startAuthorization(
        from === 'password' ? 'password' : 'mfa',
        email,
        transaction.sessionToken,
      )
    case 'MFA_REQUIRED': {
      const factor = transaction.factors.find(
        (candidate) => candidate.factorType === TOTP_FACTOR_TYPE,
      )
      if (!factor) return failToEmail(from, email, 'no_authentication_factor')
      return [
        {
          step: 'code',
          email,
          stateToken: transaction.stateToken,
          factorId: factor.id,
          code: initialCodeEntry(),
          verifying: false,
          rememberDevice: transaction.rememberDevice && {
            lifetimeMinutes: transaction.rememberDevice.lifetimeMinutes,
            chosen: transaction.rememberDevice.byDefault,
          },
          error: null,
        },
        mfaStepEffects(transaction.stateToken, STEP_HASHES.code),
      ]
    }
    case 'MFA_ENROLL': {
      const factors = enrollableProviders(transaction)
      if (factors.length === 0) return failToEmail(from, email, 'enroll_failed')
      return [
        {
          step: 'factorChoice',
          email,
          stateToken: transaction.stateToken,
          factors,
          enrolling: null,
          error: null,
        },
        mfaStepEffects(transaction.stateToken, STEP_HASHES.factorChoice),
      ]
    }
    case 'MFA_ENROLL_ACTIVATE': {
      const next = activationStep(transaction, email)
      if (!next) return failToEmail(from, email, 'enrollment_info_failed')
      return [next, mfaStepEffects(transaction.stateToken, STEP_HASHES.enrollActivate)]
    }
    case 'PASSWORD_EXPIRED':
      return [
        {
          step: 'passwordExpired',
          email,
          stateToken: transaction.stateToken,
          complexity: transaction.complexity,
          user: transaction.user,
          changing: false,
          error: null,
        },
        mfaStepEffects(transaction.stateToken, STEP_HASHES.passwordExpired),
      ]
    case 'LOCKED_OUT':
      return lockedStep(from, email, transaction.canUnlock, hashMode)
    case 'RECOVERY_CHALLENGE':
      // Only an unlock request answers this; anywhere else it is not a sign-in answer.
      return failToEmail(from, email, 'unknown_error')
  }
}

/**
 * The locked step (`LOCKED_OUT`, or `E0000069` from a verify): the transaction is over, so the
 * stored state token is dropped; unlock by email is offered unless Okta said it is not allowed.
 * @see https://developer.okta.com/docs/reference/api/authn/#unlock-account
 */
export function lockedStep(
  from: SignInStep,
  email: string | null,
  canUnlock: boolean,
  hashMode: 'push' | 'replace',
): StepTransition {
  return [
    { step: 'locked', email, canUnlock: canUnlock && email !== null, sending: false, error: null },
    [
      ...forget('stateToken', 'mfaRedirect'),
      { type: 'setLocation', hash: STEP_HASHES.locked, email, mode: hashMode },
      report('account_locked', from),
    ],
  ]
}
