/**
 * `@mapping-platform/auth-core/session`: a sub-site's view of the platform session that the sign-in app wrote as
 * cookies on the parent domain. Read it, keep it fresh, end it, send people to sign in.
 *
 * ```ts
 * const session = createPlatformSession(config, browserSessionDeps(window))
 * const token = await session.getAccessToken() // null → session.redirectToSignIn('citystream')
 * const stop = session.subscribe((event) => render(event.snapshot)) // refreshed, signedOut, ...
 * ```
 */

// The session object
export { createPlatformSession } from './createPlatformSession'
export { readSessionConfig } from './readSessionConfig'
export type { SessionConfigResult } from './readSessionConfig'
export type { ConfigEnv, ConfigProblem } from '../config/authConfig'
export {
  DEFAULT_CLOCK_SKEW_SECONDS,
  DEFAULT_REFRESH_AHEAD_SECONDS,
  DEFAULT_REFRESH_LEEWAY_SECONDS,
  MAX_REFRESHES_PER_MINUTE,
  MAX_SESSION_TIMEOUT_MS,
  POST_LOGIN_REDIRECT_MAX_AGE_SECONDS,
  REFRESH_BUDGET_COOKIE_NAME,
  REFRESH_LEASE_COOKIE_NAME,
  REFRESH_LEASE_MS,
  REFRESH_LOCK_NAME,
} from './session.types'
export type {
  AccessTokenClaims,
  ActiveSession,
  SignedInSession,
  CookieJar,
  CookieWatch,
  ExpiredSession,
  GetAccessTokenOptions,
  PlatformSession,
  RedirectToSignInOptions,
  RefreshedTokens,
  Schedule,
  SessionConfig,
  SessionDeps,
  SessionEvent,
  SessionLock,
  SessionSnapshot,
  SessionTokens,
  SessionUser,
  SignOutOptions,
  UserProfile,
} from './session.types'

// Browser defaults (they wrap the objects the caller passes in)
export {
  browserCookieJar,
  browserIsVisible,
  browserLock,
  browserNavigate,
  browserRandom,
  browserRandomId,
  browserRetrySignals,
  browserSchedule,
  browserSessionDeps,
  browserSleep,
  browserWatchCookies,
  COOKIE_POLL_MS,
} from './browserDefaults'
export { systemClock } from '../clock/systemClock'
export type {
  AssignableLocation,
  BrowserGlobals,
  CancellableTimerHost,
  CookieDocument,
  CookieWatchHost,
  ListenerHost,
  LocksNavigator,
  RandomSource,
  TimerHost,
  VisibilityDocument,
} from './browserDefaults'
export { createMemoryLock } from './createMemoryLock'

// Requests to the sub-site's APIs with the access token (one forced refresh and retry on a 401)
export { createAuthenticatedFetch } from './createAuthenticatedFetch'
export type {
  AuthenticatedFetchOptions,
  AuthenticatedFetchSession,
} from './createAuthenticatedFetch'

// The building blocks, for callers that compose their own
export { decodeAccessTokenClaims } from './decodeAccessTokenClaims'
export { fetchUserInfo } from './fetchUserInfo'
export { readSessionSnapshot } from './readSessionSnapshot'
export type { SnapshotClock } from './readSessionSnapshot'
export {
  processSessionRefreshResponse,
  refreshSessionTokens,
  sessionRefreshRequest,
} from './refreshSessionTokens'
export {
  processTokenRevocationResponse,
  revokeRefreshToken,
  tokenRevocationRequest,
} from './revokeToken'
export type { SessionOAuthConfig } from './sessionRequestOptions'
export type { AuthConfig } from '../config/authConfig'
export type { HttpOptions } from '../http/httpOptions'

// Shared with the sign-in entry point, so a sub-site needs only this one
export { AuthError, isAuthError, isDeveloperErrorCode } from '../errors/authError'
export type { AuthErrorCode, AuthErrorDetails, DeveloperErrorCode } from '../errors/authError'
export { messageFor } from '../errors/errorMessages'
export { COOKIE_NAMES } from '../cookies/cookie.types'
export type { CookieRemoval, CookieWrite } from '../cookies/cookie.types'
export type { TokenSet } from '../oauth/oauth.types'

// The person's language, as chosen on the sign-in page (the `locale` cookie)
export { readLocale, planLocaleCookie, LOCALE_COOKIE_NAME } from '../i18n/localeCookie'
export { LOCALE_NAMES } from '../i18n/locales'
export type { Locale } from '../i18n/locales'
export type { CookieScopeConfig } from '../cookies/cookieRules'
