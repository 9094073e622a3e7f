/**
 * A sub-site's use of the package, compiled by the consumer's own TypeScript under one
 * `moduleResolution` and then run by Node: its session cookies hold an expired access token and
 * a refresh token; it reads the session, gets a fresh token (one refresh request, both cookies
 * rewritten), sends a signed-out visitor to sign in, and checks that an AuthError from
 * `/session` is the AuthError of the main entry point. It prints one JSON line.
 */
import { AuthError, isAuthError, messageFor, oauthEndpointsFor } from '@mapping-platform/auth-core'
import type { AuthErrorCode } from '@mapping-platform/auth-core'
import {
  createPlatformSession,
  AuthError as SessionAuthError,
} from '@mapping-platform/auth-core/session'
import type { CookieJar, PlatformSession, SessionConfig } from '@mapping-platform/auth-core/session'
import type { ErrorCatalogue, Locale } from '@mapping-platform/auth-core/messages'

const NOW_MS = 1_900_000_000_000
const nowS = NOW_MS / 1000

const config: SessionConfig = {
  oktaOrgUrl: 'https://login.example.com',
  authServerId: 'default',
  clientId: '0oa1abc',
  parentDomain: '.example.com',
  localMode: false,
  signInUrl: 'https://signin.example.com/',
}

function part(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}
function jwt(claims: Record<string, unknown>): string {
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.${part('signature')}`
}

const values = new Map<string, string>([
  ['access_token', jwt({ sub: '00u1', email: 'pat@example.com', exp: nowS - 10 })],
  ['refresh_token', 'refresh-1'],
])
const cookies: CookieJar = {
  get: (name) => values.get(name),
  getAll: (name) => [values.get(name)].filter((value) => value !== undefined),
  set: (write) => void values.set(write.name, write.value),
  remove: (removal) => void values.delete(removal.name),
}
const requests: string[] = []
const refreshed = jwt({ sub: '00u1', email: 'pat@example.com', exp: nowS + 3600, scp: ['openid'] })
const fetchStub: typeof fetch = async (input) => {
  requests.push(String(input instanceof Request ? input.url : input))
  const body = {
    access_token: refreshed,
    token_type: 'Bearer',
    expires_in: 3600,
    refresh_token: 'refresh-2',
  }
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
}
const navigations: string[] = []

/** Never called: proves the types are real (with `any` types these directives would be unused). */
export function typesAreChecked(session: PlatformSession): void {
  // @ts-expect-error a sub-site is a DNS label, not a number
  session.redirectToSignIn(42)
  // @ts-expect-error the error codes are a closed union
  const code: AuthErrorCode = 'not_a_code'
  void code
  // @ts-expect-error a language the platform does not ship is not a Locale
  const locale: Locale = 'xx'
  void locale
  // @ts-expect-error a catalogue's keys are the error codes
  const catalogue: ErrorCatalogue = { not_a_code: 'text' }
  void catalogue
}

async function main(): Promise<void> {
  const session = createPlatformSession(config, {
    cookies,
    fetch: fetchStub,
    now: () => NOW_MS,
    navigate: (url) => void navigations.push(url),
  })
  const before = session.readSession().status
  const token = await session.getAccessToken()
  const after = session.readSession()
  session.redirectToSignIn('citystream')
  let refused: unknown
  try {
    session.redirectToSignIn('evil.com/')
  } catch (error) {
    refused = error
  }
  console.log(
    JSON.stringify({
      before,
      after: after.status,
      email: after.status === 'signedIn' ? after.claims?.email : null,
      tokenIsTheNewCookie: token === values.get('access_token') && token === refreshed,
      refreshCookie: values.get('refresh_token'),
      requests,
      navigations,
      redirectCookie: values.get('post_login_redirect'),
      oneAuthErrorClass: SessionAuthError === AuthError && refused instanceof AuthError,
      refusedIsAuthError: isAuthError(refused),
      timeoutMessage: messageFor('timeout'),
      issuer: oauthEndpointsFor(config).issuer,
    }),
  )
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
