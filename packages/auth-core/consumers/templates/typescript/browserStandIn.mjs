/**
 * A page at https://citystream.example.com/ for code written for the browser (the README's quick
 * start, run verbatim with `node --import ./browserStandIn.mjs`): `window` with a cookie jar
 * (`document.cookie`), `location.assign`, `crypto` and `setTimeout`, and a `fetch` that answers
 * the token endpoint. The page starts with an expired access token and a refresh token, or with
 * no cookies when `STAND_IN_SESSION=none`. When the program ends it prints one JSON line: the
 * requests, the navigations and the cookies left.
 */
const NOW_S = Math.floor(Date.now() / 1000)
const part = (value) => Buffer.from(JSON.stringify(value)).toString('base64url')
const jwt = (claims) => `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.${part('sig')}`

const jar = new Map()
if (process.env.STAND_IN_SESSION !== 'none') {
  jar.set('access_token', jwt({ sub: '00u1', email: 'pat@example.com', exp: NOW_S - 600 }))
  jar.set('refresh_token', 'refresh-1')
}
const document = {
  get cookie() {
    return [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
  },
  set cookie(text) {
    const [pair = '', ...attributes] = text.split(';').map((piece) => piece.trim())
    const name = pair.slice(0, pair.indexOf('='))
    if (attributes.some((attribute) => /^max-age=0$/i.test(attribute))) jar.delete(name)
    else jar.set(name, pair.slice(pair.indexOf('=') + 1))
  },
}

const navigations = []
const requests = []
const refreshed = jwt({ sub: '00u1', email: 'pat@example.com', exp: NOW_S + 3600 })
globalThis.fetch = async (input) => {
  const url = String(input instanceof Request ? input.url : input)
  requests.push(url)
  const body = { access_token: refreshed, token_type: 'Bearer', expires_in: 3600 }
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
}
globalThis.window = {
  document,
  navigator: {},
  location: { pathname: '/', assign: (url) => void navigations.push(url) },
  crypto: globalThis.crypto,
  setTimeout: (handler, ms) => setTimeout(handler, ms),
}

let printed = false
process.on('beforeExit', () => {
  if (printed) return
  printed = true
  console.log(
    JSON.stringify({
      requests,
      navigations,
      accessTokenRefreshed: jar.get('access_token') === refreshed,
      postLoginRedirect: jar.get('post_login_redirect') ?? null,
    }),
  )
})
