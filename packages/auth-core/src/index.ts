/**
 * auth-core: the platform's sign-in flow as a pure, DOM-free library.
 *
 * - `createSignInFlow(config, laterSteps).transition(state, event)` → `[state, effects]`: every step decision.
 * - Request/response pairs for the Okta Authn API, OAuth 2.0 with PKCE (oauth4webapi), and the
 *   Google path through the product API; each with injected `fetch` and `AbortSignal`.
 * - Error codes with the specification's messages; redirect-target and cookie rules; Sentry
 *   scrubbers.
 */

// Configuration
export {
  readAuthConfig,
  DEFAULT_GOOGLE_AUTH_URL,
  DEFAULT_SUBSITE,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_GOOGLE_COOKIE_NAMES,
} from './config/authConfig'
export type { AuthConfig, ConfigEnv, ConfigProblem, ConfigResult } from './config/authConfig'

// Errors and messages
export {
  AuthError,
  AUTH_ERROR_CODES,
  CATALOGUE_ERROR_CODES,
  isAuthError,
  isAuthErrorCode,
  isDeveloperErrorCode,
  messageCodeOf,
} from './errors/authError'
export type {
  AuthErrorCode,
  AuthErrorDetails,
  CatalogueErrorCode,
  DeveloperErrorCode,
} from './errors/authError'
export { errorMessages, messageFor } from './errors/errorMessages'
export { toAuthError } from './errors/toAuthError'

// Languages: the supported locales, choosing one, the `locale` cookie, error texts per locale
export { DEFAULT_LOCALE, LOCALE_NAMES, LOCALES, isLocale, localeDirection } from './i18n/locales'
export type { Locale } from './i18n/locales'
export { matchFirstLocale, matchLocale } from './i18n/matchLocale'
export { localeFromQuery, negotiateLocale } from './i18n/negotiateLocale'
export type { LocaleInputs } from './i18n/negotiateLocale'
export {
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  LOCALE_COOKIE_NAME,
  planLocaleCookie,
  readLocale,
} from './i18n/localeCookie'
export type { ErrorCatalogue } from './messages/errorCatalogue'
// (the translated texts themselves: `@mapping-platform/auth-core/messages`, one lazy chunk each)
export type { LocaleMessages } from './messages/loadMessages'

// Validation
export {
  CODE_LENGTH,
  PASSWORD_MIN_LENGTH,
  isValidCode,
  isValidEmail,
  isValidPassword,
  normalizeEmail,
} from './validation/validation'

// The flow
export { createSignInFlow, needsLaterSteps } from './flow/signInFlow'
export { laterSteps } from './flow/laterSteps'
export { readPageSession } from './session/readPageSession'
export { revokeRefreshToken } from './session/revokeToken'
export type { SessionOAuthConfig } from './session/sessionRequestOptions'
export type { FlowContext } from './flow/flowContext'

// The platform-wide refresh lease, held by the sign-in page around its token-cookie writes
// (changeSessionCookies: the same change of the session cookies as a sub-site's signOut)
export { changeSessionCookies } from './session/changeSessionCookies'
export type { SessionCookieChange, SessionCookiesEnv } from './session/changeSessionCookies'
export { holdRefreshLease } from './session/holdRefreshLease'
export type { RefreshLeaseEnv } from './session/refreshLease'
export { REFRESH_LEASE_COOKIE_NAME, REFRESH_LEASE_MS } from './session/session.types'
export type { CookieJar } from './session/session.types'
export { browserCookieJar, browserRandomId, browserSleep } from './session/browserDefaults'
export type { CookieDocument, RandomSource, TimerHost } from './session/browserDefaults'
export { meetsPasswordRule, newPasswordProblem, passwordRules } from './password/passwordRules'
export type { PasswordRule, PasswordRuleId } from './password/passwordRules'
export type { LaterStep, LaterSteps, SignInFlow } from './flow/signInFlow'
export {
  AUTHORIZE_REDIRECT_DELAY_MS,
  CLOCK_TICK_MS,
  OAUTH_TRANSACTION_MAX_AGE_MS,
  STEP_HASHES,
} from './flow/signInFlow.types'
export type {
  AttemptBoundEffect,
  AttemptId,
  AttemptResultEvent,
  AttemptScoped,
  Failable,
  FinishSignIn,
  ImmediateEffect,
  SessionCheck,
  SignedInSession,
  SignInInputEvent,
  StepEffect,
  StepTransition,
  UnboundEffect,
  PageSnapshot,
  SignInEffect,
  SignInEvent,
  SignInState,
  SignInStep,
  SignInStepState,
  SignInTransition,
  SignInVia,
  StepHash,
  StoredItem,
  TimerId,
  UnboundResultEvent,
  PageSession,
  RetryWait,
  RememberDeviceChoice,
} from './flow/signInFlow.types'
export {
  selectCanSubmitEmail,
  selectEmail,
  selectError,
  selectIsBusy,
  selectShowsCodeVerifying,
} from './flow/signInFlow.selectors'

// Code entry (six boxes)
export { codeEntryReducer, selectCodeValue, selectIsCodeComplete } from './codeEntry/codeEntry'
export { initialCodeEntry } from './codeEntry/initialCodeEntry'
export { getCodeInputAttrs } from './codeEntry/codeEntry.attrs'
export type { CodeInputAttrs, DigitLabel } from './codeEntry/codeEntry.attrs'
export type { CodeEntryEvent, CodeEntryState } from './codeEntry/codeEntry.types'

// TOTP enrolment on the same device
export { buildOtpauthUri } from './enrollment/buildOtpauthUri'
export type { OtpauthUriInput } from './enrollment/buildOtpauthUri'

// Okta Authn API
export { TOTP_FACTOR_TYPE } from './authn/authn.types'
export type {
  AuthnCall,
  AuthnEnrollableFactor,
  AuthnUserProfile,
  PasswordComplexity,
  RememberDevicePolicy,
  AuthnCallKind,
  AuthnFactor,
  AuthnTransaction,
  TotpActivation,
  TotpProvider,
} from './authn/authn.types'
export { authnRequest } from './authn/authnRequest'
export { processAuthnResponse } from './authn/processAuthnResponse'
export { callAuthn } from './authn/callAuthn'

// OAuth 2.0 + PKCE
export { OAUTH_SCOPES } from './oauth/oauthScopes'
export type { OAuthScope } from './oauth/oauthScopes'
// authorizationServerFor / oauthClientFor stay internal: they return oauth4webapi's own types, which
// the CommonJS build does not ship (it carries its own copy of oauth4webapi).
export { oauthEndpointsFor } from './oauth/authorizationServerFor'
export type { AuthorizationServerConfig, OAuthEndpoints } from './oauth/authorizationServerFor'
export { createAuthorizationRequest } from './oauth/createAuthorizationRequest'
export type { AuthorizationRequestConfig } from './oauth/createAuthorizationRequest'
export { readCallbackParams } from './oauth/readCallbackParams'
export { tokenRequest } from './oauth/tokenRequest'
export type { TokenRequestConfig, TokenRequestInput } from './oauth/tokenRequest'
export { processTokenResponse } from './oauth/processTokenResponse'
export type { TokenResponseConfig } from './oauth/processTokenResponse'
export { exchangeAuthorizationCode } from './oauth/exchangeAuthorizationCode'
export type { ExchangeAuthorizationCodeInput } from './oauth/exchangeAuthorizationCode'
export { buildLogoutUrl } from './oauth/buildLogoutUrl'
export {
  fetchSigningKeys,
  SIGNED_IN_CLOCK_SKEW_SECONDS,
  verifySignedInPerson,
} from './oauth/verifySignedInPerson'
export type { SigningKeys } from './oauth/verifySignedInPerson'
export type { LogoutUrlInput } from './oauth/buildLogoutUrl'
export type {
  AuthorizationRequest,
  CallbackParams,
  RandomBytes,
  TokenExchangeResult,
  TokenSet,
} from './oauth/oauth.types'

// Redirect target and cookies
export { isSubsiteLabel } from './redirect/subsiteLabel'
export { isPostLoginPath, MAX_POST_LOGIN_PATH_LENGTH } from './redirect/isPostLoginPath'
export {
  currentSubdomain,
  resolveRedirectTarget,
  LOCAL_REDIRECT_TARGET,
} from './redirect/resolveRedirectTarget'
export type { RedirectTargetConfig } from './redirect/resolveRedirectTarget'
export { COOKIE_NAMES } from './cookies/cookie.types'
export type { CookieRemoval, CookieWrite } from './cookies/cookie.types'
export type { CookieScopeConfig } from './cookies/cookieRules'
export {
  isCookieName,
  isCookieValue,
  isHarmfulCookieName,
  isParentDomain,
  MAX_COOKIE_BYTES,
} from './cookies/cookieRules'
export {
  REFRESH_TOKEN_MAX_AGE_SECONDS,
  MAX_ACCESS_TOKEN_MAX_AGE_SECONDS,
} from './cookies/cookieLifetimes'
export { planTokenCookies } from './cookies/planTokenCookies'
export { planApiCookies } from './cookies/planApiCookies'
export { planCookieRemoval } from './cookies/planCookieRemoval'
export { serializeCookie, serializeCookieRemoval } from './cookies/serializeCookie'

// HTTP
export type { HttpOptions } from './http/httpOptions'
export { decodeBase64Url, encodeBase64Url } from './http/base64url'

// Google path (consent redirect, product API)
export {
  createGoogleAuthorizationRequest,
  GOOGLE_SCOPE,
} from './google/createGoogleAuthorizationRequest'
export type { GoogleAuthorizationRequest } from './google/createGoogleAuthorizationRequest'
export {
  googleAuthRequest,
  GOOGLE_CREDENTIALS_HEADER,
  GOOGLE_NONCE_HEADER,
} from './google/googleAuthRequest'
export type { GoogleAuthInput } from './google/googleAuthRequest'
export {
  processGoogleAuthResponse,
  MAX_GOOGLE_COOKIE_MAP_BYTES,
  MAX_GOOGLE_COOKIES,
} from './google/processGoogleAuthResponse'
export { selectGoogleCookies } from './google/selectGoogleCookies'
export type { GoogleCookieSelection } from './google/selectGoogleCookies'
export { callGoogleAuth } from './google/callGoogleAuth'

// Telemetry (Sentry scrubbers)
export { scrubEvent } from './telemetry/scrubEvent'
export type { ScrubOptions } from './telemetry/scrubEvent'
export { scrubBreadcrumb } from './telemetry/scrubBreadcrumb'
export { scrubUrl } from './telemetry/scrubUrl'
