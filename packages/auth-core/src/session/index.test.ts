import { describe, expect, expectTypeOf, it } from 'vitest'
import * as session from './index'
import type { RefreshedTokens, TokenSet, UserProfile } from './index'

describe('auth-core/session entry point', () => {
  it('exports the session object, the browser defaults and the building blocks', () => {
    expect(Object.keys(session).sort()).toEqual(
      [
        'AuthError',
        'COOKIE_NAMES',
        'COOKIE_POLL_MS',
        'DEFAULT_CLOCK_SKEW_SECONDS',
        'DEFAULT_REFRESH_AHEAD_SECONDS',
        'DEFAULT_REFRESH_LEEWAY_SECONDS',
        'LOCALE_COOKIE_NAME',
        'LOCALE_NAMES',
        'MAX_REFRESHES_PER_MINUTE',
        'MAX_SESSION_TIMEOUT_MS',
        'POST_LOGIN_REDIRECT_MAX_AGE_SECONDS',
        'REFRESH_BUDGET_COOKIE_NAME',
        'REFRESH_LEASE_COOKIE_NAME',
        'REFRESH_LEASE_MS',
        'REFRESH_LOCK_NAME',
        'browserCookieJar',
        'browserIsVisible',
        'browserLock',
        'browserNavigate',
        'browserRandom',
        'browserRandomId',
        'browserRetrySignals',
        'browserSchedule',
        'browserSessionDeps',
        'browserSleep',
        'browserWatchCookies',
        'createAuthenticatedFetch',
        'createMemoryLock',
        'createPlatformSession',
        'decodeAccessTokenClaims',
        'fetchUserInfo',
        'isAuthError',
        'isDeveloperErrorCode',
        'messageFor',
        'planLocaleCookie',
        'processSessionRefreshResponse',
        'processTokenRevocationResponse',
        'readLocale',
        'readSessionConfig',
        'readSessionSnapshot',
        'refreshSessionTokens',
        'revokeRefreshToken',
        'sessionRefreshRequest',
        'systemClock',
        'tokenRevocationRequest',
      ].sort(),
    )
  })

  it('names the result of a refresh: RefreshedTokens, a TokenSet with the ID token expiry', () => {
    expectTypeOf(session.refreshSessionTokens).returns.resolves.toEqualTypeOf<RefreshedTokens>()
    expectTypeOf<RefreshedTokens>().toExtend<TokenSet>()
    expectTypeOf<RefreshedTokens['idTokenExpiresAt']>().toEqualTypeOf<number | null>()
    expectTypeOf<RefreshedTokens['idTokenProfile']>().toEqualTypeOf<UserProfile | null>()
    expectTypeOf<RefreshedTokens['clockOffsetMs']>().toEqualTypeOf<number | null>()
  })
})
