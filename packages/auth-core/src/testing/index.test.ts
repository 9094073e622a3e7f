import { describe, expect, it } from 'vitest'
import * as session from '../session/index'
import * as testing from './index'

describe('auth-core/testing entry point', () => {
  it('exports the test doubles and, besides them, exactly the session entry', () => {
    expect(Object.keys(testing).sort()).toEqual(
      [
        ...Object.keys(session),
        'TEST_NOW_S',
        'TEST_SESSION_CONFIG',
        'TEST_USER',
        'createFakeTokenEndpoint',
        'createTestCookieJar',
        'createTestSession',
        'fakeAccessToken',
        'fakeIdToken',
      ].sort(),
    )
    expect(testing.createPlatformSession).toBe(session.createPlatformSession)
  })
})
