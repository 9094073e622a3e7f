/**
 * Unsigned tokens shaped like the platform's: enough for the session (which decodes the access
 * token and checks an ID token's claims, not signatures), never for a server that verifies them.
 */
import { createUnsignedJwt } from './createUnsignedJwt'
import { oauthEndpointsFor } from '../oauth/authorizationServerFor'
import type { SessionConfig } from '../session/session.types'

/** The test kit's "now" unless a test gives its own: 2030-03-17T17:46:40Z, in epoch seconds. */
export const TEST_NOW_S = 1_900_000_000

/** The person the test kit signs in unless told otherwise. */
export interface FakeUser {
  /** `sub` of the access token (Okta: the login) and of userinfo. */
  readonly subject: string
  readonly email: string
  readonly name: string
}

/** The default {@link FakeUser}: Ada Lovelace, `ada@example.com`. */
export const TEST_USER: FakeUser = {
  subject: 'ada@example.com',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
}

/**
 * An access token as Okta's custom authorization server issues it (`sub`, `email`, `iat`, `exp`
 * an hour after {@link TEST_NOW_S}, `cid`, `scp`), UNSIGNED, with the given claims on top (a claim
 * set to `undefined` is left out). For a page's session and its tests; `verifyAccessToken`
 * refuses it (there is no signature to check).
 * @example
 * ```ts
 * fakeAccessToken({ exp: TEST_NOW_S - 1 }) // an expired one
 * ```
 * @see https://developer.okta.com/docs/reference/api/oidc/#access-token-payload
 */
export function fakeAccessToken(claims: Readonly<Record<string, unknown>> = {}): string {
  return createUnsignedJwt(
    withoutUndefined({
      ver: 1,
      jti: 'AT.test',
      sub: 'ada@example.com',
      email: 'ada@example.com',
      iat: TEST_NOW_S - 60,
      exp: TEST_NOW_S + 3600,
      cid: '0oa1abc',
      uid: '00u1ada',
      scp: ['openid', 'email', 'profile', 'offline_access'],
      ...claims,
    }),
  )
}

/**
 * An ID token whose claims pass the session's checks for `config` (its `iss` and client, `iat`
 * in the past, `exp` far ahead), UNSIGNED, with the given claims on top.
 * @see https://openid.net/specs/openid-connect-core-1_0.html#IDToken
 */
export function fakeIdToken(
  config: Pick<SessionConfig, 'oktaOrgUrl' | 'authServerId' | 'clientId'>,
  claims: Readonly<Record<string, unknown>> = {},
): string {
  return createUnsignedJwt(
    withoutUndefined({
      sub: '00u1ada',
      iss: oauthEndpointsFor(config).issuer,
      aud: config.clientId,
      iat: 1_620_566_192,
      exp: 4_113_561_866,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      ...claims,
    }),
  )
}

function withoutUndefined(claims: Record<string, unknown>): Record<string, unknown> {
  for (const [name, value] of Object.entries(claims)) if (value === undefined) delete claims[name]
  return claims
}
