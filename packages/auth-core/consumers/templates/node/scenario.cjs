// A sub-site's Node CommonJS script (no TypeScript): the same scenario as the typed consumers,
// through require() (the package's CommonJS build, which needs no require(esm)).
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS consumer require()s: that is what this proves */
const {
  AuthError,
  isAuthError,
  messageFor,
  oauthEndpointsFor,
} = require('@mapping-platform/auth-core')
const {
  createPlatformSession,
  AuthError: SessionAuthError,
} = require('@mapping-platform/auth-core/session')

const NOW_MS = 1_900_000_000_000
const nowS = NOW_MS / 1000
const config = {
  oktaOrgUrl: 'https://login.example.com',
  authServerId: 'default',
  clientId: '0oa1abc',
  parentDomain: '.example.com',
  localMode: false,
  signInUrl: 'https://signin.example.com/',
}
const part = (value) => Buffer.from(JSON.stringify(value)).toString('base64url')
const jwt = (claims) => `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.${part('signature')}`

const values = new Map([
  ['access_token', jwt({ sub: '00u1', email: 'pat@example.com', exp: nowS - 10 })],
  ['refresh_token', 'refresh-1'],
])
const cookies = {
  get: (name) => values.get(name),
  getAll: (name) => (values.has(name) ? [values.get(name)] : []),
  set: (write) => void values.set(write.name, write.value),
  remove: (removal) => void values.delete(removal.name),
}
const requests = []
const refreshed = jwt({ sub: '00u1', email: 'pat@example.com', exp: nowS + 3600, scp: ['openid'] })
const fetchStub = async (input) => {
  requests.push(String(input instanceof Request ? input.url : input))
  const body = {
    access_token: refreshed,
    token_type: 'Bearer',
    expires_in: 3600,
    refresh_token: 'refresh-2',
  }
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
}
const navigations = []

async function main() {
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
  let refused
  try {
    session.redirectToSignIn('evil.com/')
  } catch (error) {
    refused = error
  }
  console.log(
    JSON.stringify({
      before,
      after: after.status,
      email: after.claims?.email ?? null,
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

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
