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
    }

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
 * A parsed, schema-checked transaction in a status this flow handles. Other statuses become an
 * `AuthError` in the parser (`LOCKED_OUT` → `account_locked`, `PASSWORD_EXPIRED` →
 * `password_expired`, anything else → `unknown_error`).
 * @see https://developer.okta.com/docs/reference/api/authn/#transaction-state
 */
export type AuthnTransaction =
  | { readonly status: 'SUCCESS'; readonly sessionToken: string }
  | {
      readonly status: 'MFA_REQUIRED'
      readonly stateToken: string
      readonly expiresAt: string | null
      readonly factors: readonly AuthnFactor[]
    }
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
