/**
 * Types of the Okta classic Authn API as auth-core uses them.
 * @see https://developer.okta.com/docs/reference/api/authn/
 */

/* --- Requests --- */

/** The two authenticator apps the flow can enrol (factor type `token:software:totp`). */
export type TotpProvider = 'OKTA' | 'GOOGLE'

/** The factor type of every factor this flow verifies or enrols. */
export const TOTP_FACTOR_TYPE = 'token:software:totp'

/**
 * One call to `/api/v1/authn...`. `resume` is `POST /api/v1/authn` with only `{stateToken}`,
 * which returns the current transaction (used to resume after a reload).
 * @see https://developer.okta.com/docs/reference/api/authn/#get-transaction-state
 */
export type AuthnCall =
  | { readonly kind: 'primary'; readonly username: string; readonly password: string }
  | { readonly kind: 'resume'; readonly stateToken: string }
  | { readonly kind: 'enroll'; readonly stateToken: string; readonly provider: TotpProvider }
  | {
      readonly kind: 'activate'
      readonly stateToken: string
      readonly factorId: string
      readonly passCode: string
    }
  | {
      readonly kind: 'verify'
      readonly stateToken: string
      readonly factorId: string
      readonly passCode: string
      /** Sent as the `rememberDevice=true` query parameter when true; absent otherwise. */
      readonly rememberDevice?: boolean
    }
  | {
      readonly kind: 'changePassword'
      readonly stateToken: string
      readonly oldPassword: string
      readonly newPassword: string
    }
  /** Self-service unlock by email: `POST /api/v1/authn/recovery/unlock`. */
  | { readonly kind: 'unlock'; readonly username: string }

/** The kind of an {@link AuthnCall}. */
export type AuthnCallKind = AuthnCall['kind']

/* --- Responses --- */

/** A factor listed in `_embedded.factors`. */
export interface AuthnFactor {
  readonly id: string
  readonly factorType: string
  readonly provider: string
  /** `NOT_SETUP`, `ACTIVE`, ... (present in `MFA_ENROLL`). */
  readonly status?: string
}

/**
 * A factor offered in `MFA_ENROLL` (`status: NOT_SETUP`). Okta assigns an `id` only once a factor
 * is enrolled, so real enrolment lists carry none; enrolling needs only `factorType` and `provider`.
 */
export interface AuthnEnrollableFactor {
  /** Present only for a factor that already has an enrolment. */
  readonly id?: string
  readonly factorType: string
  readonly provider: string
  readonly status?: string
}

/** The TOTP activation data of `MFA_ENROLL_ACTIVATE`. */
export interface TotpActivation {
  /** The shared secret for manual entry (`activation.sharedSecret`), or null when absent. */
  readonly sharedSecret: string | null
  /**
   * The QR image link: an https (http in local mode) URL on the org origin, or a `data:image/...`
   * URL. Null when the provider sent none, or sent one that was refused.
   */
  readonly qrCodeUrl: string | null
  readonly timeStep?: number
  readonly keyLength?: number
  readonly encoding?: string
}

/**
 * The org's password rules from `_embedded.policy.complexity` (`PASSWORD_EXPIRED`). A rule the
 * provider did not send is 0 / false / empty.
 * @see https://developer.okta.com/docs/reference/api/authn/#password-complexity-object
 */
export interface PasswordComplexity {
  readonly minLength: number
  readonly minLowerCase: number
  readonly minUpperCase: number
  readonly minNumber: number
  readonly minSymbol: number
  readonly excludeUsername: boolean
  /** User profile attributes the password must not contain; only `firstName` and `lastName` are used. */
  readonly excludeAttributes: readonly ('firstName' | 'lastName')[]
}

/** The user of a transaction, as far as password rules need it (`_embedded.user.profile`). */
export interface AuthnUserProfile {
  readonly login: string
  readonly firstName: string | null
  readonly lastName: string | null
}

/**
 * The remember-device policy of `MFA_REQUIRED` (`_embedded.policy`).
 * @see https://developer.okta.com/docs/reference/api/authn/#remember-device-policy-object
 */
export interface RememberDevicePolicy {
  /** `rememberDeviceLifetimeInMinutes`; 0 means "until the device is forgotten". */
  readonly lifetimeMinutes: number
  readonly byDefault: boolean
}

/**
 * A parsed, schema-checked transaction in a status this flow handles. Other statuses become an
 * `AuthError` in the parser (anything unhandled → `unknown_error`).
 * @see https://developer.okta.com/docs/reference/api/authn/#transaction-state
 */
export type AuthnTransaction =
  | { readonly status: 'SUCCESS'; readonly sessionToken: string }
  | {
      readonly status: 'MFA_REQUIRED'
      readonly stateToken: string
      readonly expiresAt: string | null
      readonly factors: readonly AuthnFactor[]
      /** Present when the policy allows remembering the device (`allowRememberDevice: true`). */
      readonly rememberDevice: RememberDevicePolicy | null
    }
  | {
      readonly status: 'PASSWORD_EXPIRED'
      readonly stateToken: string
      readonly expiresAt: string | null
      /** `_embedded.policy.complexity`; null when absent or malformed (then Okta alone judges). */
      readonly complexity: PasswordComplexity | null
      readonly user: AuthnUserProfile | null
    }
  | {
      readonly status: 'LOCKED_OUT'
      /** Whether Okta published the `unlock` link (self-service unlock allowed by the policy). */
      readonly canUnlock: boolean
    }
  /** The answer of a recovery (unlock by email): the email is on its way (or not: no enumeration). */
  | { readonly status: 'RECOVERY_CHALLENGE'; readonly recoveryType: string | null }
  | {
      readonly status: 'MFA_ENROLL'
      readonly stateToken: string
      readonly expiresAt: string | null
      readonly factors: readonly AuthnEnrollableFactor[]
    }
  | {
      readonly status: 'MFA_ENROLL_ACTIVATE'
      readonly stateToken: string
      readonly expiresAt: string | null
      /** `_embedded.factor`; null when the response carried none. */
      readonly factor: {
        readonly id: string
        readonly factorType: string
        readonly provider: string
      } | null
      /** The activation, found in `_embedded.factor._embedded.activation` or `_embedded.activation`; null when absent. */
      readonly activation: TotpActivation | null
      /** `factorResult` when present, e.g. `PASSCODE_REPLAYED` or `WAITING`. */
      readonly factorResult: string | null
    }
