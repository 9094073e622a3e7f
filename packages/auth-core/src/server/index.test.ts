import { describe, expect, it } from 'vitest'
import * as server from './index'

describe('auth-core/server entry point', () => {
  it('exports the token check, the key cache and the cookie reader, and nothing else', () => {
    expect(Object.keys(server).sort()).toEqual(
      [
        'DEFAULT_CLOCK_TOLERANCE_SECONDS',
        'DEFAULT_JWKS_COOLDOWN_MS',
        'DEFAULT_JWKS_MAX_AGE_MS',
        'DEFAULT_JWKS_TIMEOUT_MS',
        'createAccessTokenMiddleware',
        'createAccessTokenVerifier',
        'createJwksCache',
        'createRequestVerifier',
        'readSessionFromCookieHeader',
        'verifyAccessToken',
      ].sort(),
    )
  })
})
