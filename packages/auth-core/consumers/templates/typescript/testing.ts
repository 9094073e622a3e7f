/**
 * A sub-site's test on the packed `/testing` entry: a session in memory with an expired access
 * token refreshes once at the fake token endpoint; `fakeAccessToken` makes a token that the
 * `/server` entry refuses (no key of the identity provider signed it). Prints one JSON line.
 */
import { createJwksCache, verifyAccessToken } from '@mapping-platform/auth-core/server'
import {
  createTestSession,
  decodeAccessTokenClaims,
  fakeAccessToken,
} from '@mapping-platform/auth-core/testing'

async function main(): Promise<void> {
  const { session, jar, endpoint, navigations } = createTestSession({ state: 'expired' })
  const before = session.getSnapshot().status
  const token = await session.getAccessToken()
  const fake = fakeAccessToken({ sub: 'grace@example.com', email: 'grace@example.com' })
  // The identity provider's keys, none of them the fake token's: nothing leaves the process.
  const jwks = createJwksCache({
    jwksUri: 'https://login.example.com/oauth2/default/v1/keys',
    fetch: async () => Response.json({ keys: [] }),
  })
  const refused = await verifyAccessToken(fake, {
    issuer: 'https://login.example.com/oauth2/default',
    audience: 'api://default',
    clientId: '0oa1abc',
    jwks,
  })
  console.log(
    JSON.stringify({
      before,
      after: session.getSnapshot().status,
      requests: endpoint.requests.map((request) => request.endpoint),
      tokenIsTheCookie: token !== null && token === jar.get('access_token'),
      refreshToken: jar.get('refresh_token'),
      navigations,
      fakeEmail: decodeAccessTokenClaims(fake).email,
      fakeRefused: refused.ok ? 'accepted' : refused.reason,
    }),
  )
}

void main()
