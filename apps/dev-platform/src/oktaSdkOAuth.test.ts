/**
 * Okta's own SDK (`@okta/okta-auth-js` 8) drives the dev platform's authorization server over
 * real HTTP, from a page at the sign-in app's origin (CORS as a browser runs it): PKCE parameters,
 * `/authorize` with a session token (a top-level navigation), the code exchange, the SDK's own ID
 * token checks (signature via JWKS, issuer, audience, nonce, `at_hash`, expiry), the refresh
 * grant, revocation as `signOut()` sends it, and the logout URL.
 */
import {
  AuthSdkError,
  buildAuthorizeParams,
  decodeToken,
  getOAuthUrls,
  OAuthError,
  TokenKind,
  type OktaAuth,
  type OktaAuthOptions,
  type TokenParams,
  type Tokens,
} from '@okta/okta-auth-js'
import { describe, expect, it } from 'vitest'
import type { BrowserPage } from './testing/browserPage'
import { oktaSdk, SDK_SCOPES, usePageClock } from './testing/oktaSdk'
import { codeNow, passwordOf, useTestPlatform } from './testing/testPlatform'

const tp = useTestPlatform()
const clock = usePageClock(tp)

const PAT = 'pat.password@example.com'
const TESS = 'tess.totp@example.com'

/** A session token from the SDK's own sign-in (Tess also verifies her current code). */
async function sessionTokenFor(sdk: OktaAuth, email: string): Promise<string> {
  const tx = await sdk.signInWithCredentials({ username: email, password: passwordOf(tp, email) })
  if (tx.status === 'SUCCESS' && tx.sessionToken) return tx.sessionToken
  const secret = tp.platform.accounts.find((account) => account.email === email)?.totpSecret
  const factor = tx.factors?.find((candidate) => candidate.factorType === 'token:software:totp')
  const done = await factor?.verify?.({ passCode: codeNow(tp, secret ?? '') })
  if (!done?.sessionToken) throw new Error(`no session token for ${email}: ${done?.status}`)
  return done.sessionToken
}

/**
 * The SDK's PKCE parameters, then `/authorize?…&sessionToken=` loaded as the page's top-level
 * navigation (what `getWithRedirect({sessionToken})` does), answering the redirect's parameters.
 */
async function authorize(
  sdk: OktaAuth,
  page: BrowserPage,
  sessionToken: string,
): Promise<{ tokenParams: TokenParams; answer: URLSearchParams; location: URL }> {
  const tokenParams = await sdk.token.prepareTokenParams({ prompt: 'none' })
  const url =
    getOAuthUrls(sdk).authorizeUrl + buildAuthorizeParams({ ...tokenParams, sessionToken })
  const response = await page.navigate(url)
  expect(response.status).toBe(302)
  const location = new URL(response.headers.get('Location') ?? '')
  return { tokenParams, answer: location.searchParams, location }
}

/** The whole path to the SDK's tokens for an account. */
async function signedIn(email = PAT, options: Partial<OktaAuthOptions> = {}) {
  const { sdk, page } = oktaSdk(tp, undefined, options)
  const sessionToken = await sessionTokenFor(sdk, email)
  const { tokenParams, answer } = await authorize(sdk, page, sessionToken)
  const authorizationCode = answer.get('code') ?? ''
  const { tokens } = await sdk.token.exchangeCodeForTokens({ ...tokenParams, authorizationCode })
  return { sdk, page, tokenParams, tokens: tokens as Required<Tokens>, authorizationCode }
}

/** What a promise rejected with (fails the test if it resolved). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (reason: unknown) => reason,
  )
}

/** A JWT with its payload changed and its signature kept. */
function tamper(jwt: string, change: Record<string, unknown>): string {
  const [header, payload, signature] = jwt.split('.')
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object
  const forged = Buffer.from(JSON.stringify({ ...claims, ...change })).toString('base64url')
  return `${header}.${forged}.${signature}`
}

describe('Okta SDK PKCE and /authorize with a session token', () => {
  it('prepareTokenParams: S256 read from discovery, a verifier of 43+ characters, its challenge', async () => {
    const { sdk, page } = oktaSdk(tp)
    const params = await sdk.token.prepareTokenParams()
    expect(params.codeChallengeMethod).toBe('S256')
    expect(params.codeVerifier?.length).toBeGreaterThanOrEqual(43)
    expect(params.codeChallenge).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // Discovery was read from the page (a preflighted GET: the SDK sends Content-Type on GETs).
    const discovery = page.wire.find(
      (exchange) => exchange.method === 'GET' && exchange.url.endsWith('openid-configuration'),
    )
    expect(discovery?.status).toBe(200)
    expect(page.blocked).toBeNull()
  })

  it('/authorize with the SDK parameters and a session token: code and the same state', async () => {
    const { sdk, page } = oktaSdk(tp)
    const { tokenParams, answer, location } = await authorize(
      sdk,
      page,
      await sessionTokenFor(sdk, PAT),
    )
    expect(location.origin + location.pathname).toBe(tp.redirectUri)
    expect(answer.get('state')).toBe(tokenParams.state)
    expect(answer.get('code')).toMatch(/^\S{20,}$/)
    // Okta's session cookie is set on the Okta host.
    expect(page.cookies(new URL(tp.okta).hostname).sid).toEqual(expect.any(String))
  })

  it('the same session token twice: the second /authorize answers login_required', async () => {
    const { sdk, page } = oktaSdk(tp)
    const sessionToken = await sessionTokenFor(sdk, PAT)
    await authorize(sdk, page, sessionToken)
    const { answer, tokenParams } = await authorize(sdk, page, sessionToken)
    expect(answer.get('error')).toBe('login_required')
    expect(answer.get('state')).toBe(tokenParams.state)
    expect(answer.get('code')).toBeNull()
  })

  it('a user not assigned to the app (dana.denied): access_denied', async () => {
    const { sdk, page } = oktaSdk(tp)
    const { answer } = await authorize(
      sdk,
      page,
      await sessionTokenFor(sdk, 'dana.denied@example.com'),
    )
    expect(answer.get('error')).toBe('access_denied')
  })

  it('a page whose redirect URI is not registered: a 400 page, never a redirect', async () => {
    const { sdk, page } = oktaSdk(tp, undefined, { redirectUri: `${tp.app}/callback` })
    const sessionToken = await sessionTokenFor(sdk, PAT)
    const tokenParams = await sdk.token.prepareTokenParams()
    const url =
      getOAuthUrls(sdk).authorizeUrl + buildAuthorizeParams({ ...tokenParams, sessionToken })
    const response = await page.navigate(url)
    expect(response.status).toBe(400)
    expect(response.headers.get('Location')).toBeNull()
  })

  it('the SDK asking for the plain PKCE method: refused (Okta supports S256 only)', async () => {
    const { sdk, page } = oktaSdk(tp)
    // The SDK itself refuses a method discovery does not list...
    const refused = await rejection(sdk.token.prepareTokenParams({ codeChallengeMethod: 'plain' }))
    expect(refused).toBeInstanceOf(AuthSdkError)
    // ...and the server refuses it when a client sends it anyway.
    const tokenParams = await sdk.token.prepareTokenParams()
    const sessionToken = await sessionTokenFor(sdk, PAT)
    const url =
      getOAuthUrls(sdk).authorizeUrl +
      buildAuthorizeParams({
        ...tokenParams,
        codeChallenge: tokenParams.codeVerifier ?? '',
        codeChallengeMethod: 'plain',
        sessionToken,
      })
    const answer = new URL((await page.navigate(url)).headers.get('Location') ?? '').searchParams
    expect(answer.get('error')).toBe('invalid_request')
  })

  it('a scope the server does not know: invalid_scope', async () => {
    const { sdk, page } = oktaSdk(tp, undefined, { scopes: [...SDK_SCOPES, 'admin:all'] })
    const { answer } = await authorize(sdk, page, await sessionTokenFor(sdk, PAT))
    expect(answer.get('error')).toBe('invalid_scope')
  })
})

describe('Okta SDK code exchange and token.verify', () => {
  it('exchangeCodeForTokens: access, ID and refresh tokens the SDK accepts (its own checks)', async () => {
    const { tokens, tokenParams, page } = await signedIn()
    expect(tokens.accessToken.scopes).toEqual(SDK_SCOPES)
    expect(decodeToken(tokens.accessToken.accessToken).payload.sub).toBe(PAT)
    expect(tokens.idToken.claims.sub).toBe('00udevpatpassword001')
    expect(tokens.idToken.claims.nonce).toBe(tokenParams.nonce)
    expect(tokens.refreshToken.refreshToken).toEqual(expect.any(String))
    // The token POST and the JWKS GET went through CORS from the app origin.
    const paths = page.wire.map(
      (exchange) => `${exchange.method} ${new URL(exchange.url).pathname}`,
    )
    expect(paths).toContain('POST /oauth2/default/v1/token')
    expect(paths).toContain('GET /oauth2/default/v1/keys')
    expect(page.blocked).toBeNull()
    // The SDK omits credentials there: neither Okta's DT nor its sid travels with the code.
    const token = page.wire.find(
      (exchange) => exchange.method === 'POST' && exchange.url.endsWith('/v1/token'),
    )
    expect(token?.status).toBe(200)
    expect(token?.requestHeaders.cookie).toBeUndefined()
  })

  it('token.verify: signature via JWKS, issuer, audience, nonce and at_hash all hold', async () => {
    const { sdk, tokens, tokenParams } = await signedIn()
    const verified = await sdk.token.verify(tokens.idToken, {
      nonce: tokenParams.nonce ?? '',
      accessToken: tokens.accessToken.accessToken,
    })
    expect(verified.claims.iss).toBe(`${tp.okta}/oauth2/default`)
    expect(verified.claims.aud).toBe('0oadevsignin')
    expect(decodeToken(tokens.idToken.idToken).header.alg).toBe('RS256')
  })

  it('an MFA sign-in (tess.totp): tokens the SDK verifies, amr pwd + otp', async () => {
    const { sdk, tokens, tokenParams } = await signedIn(TESS)
    await sdk.token.verify(tokens.idToken, { nonce: tokenParams.nonce ?? '' })
    expect(tokens.idToken.claims.amr).toEqual(['pwd', 'otp'])
  })

  it.each([
    ['another nonce', 'nonce'],
    ["another access token's at_hash", 'at_hash'],
  ])('token.verify refuses %s', async (_, what) => {
    const { sdk, tokens, tokenParams } = await signedIn()
    const other = await signedIn()
    const error = await rejection(
      sdk.token.verify(
        tokens.idToken,
        what === 'nonce'
          ? { nonce: other.tokenParams.nonce ?? '' }
          : { nonce: tokenParams.nonce ?? '', accessToken: other.tokens.accessToken.accessToken },
      ),
    )
    expect(error).toBeInstanceOf(AuthSdkError)
    expect((error as AuthSdkError).message).toMatch(what === 'nonce' ? /nonce/ : /hash/)
  })

  it('token.verify refuses a token for another client (audience)', async () => {
    const { tokens } = await signedIn()
    const { sdk } = oktaSdk(tp, undefined, { clientId: '0oasomeoneelse' })
    const error = await rejection(sdk.token.verify(tokens.idToken))
    expect((error as AuthSdkError).message).toMatch(/audience/)
  })

  it('token.verify refuses a token naming another issuer, and one whose payload was altered', async () => {
    const { sdk, tokens } = await signedIn()
    const otherIssuer = tamper(tokens.idToken.idToken, {
      iss: 'https://evil.example/oauth2/default',
    })
    const wrongIssuer = await rejection(
      sdk.token.verify({
        ...tokens.idToken,
        idToken: otherIssuer,
        claims: decodeToken(otherIssuer).payload,
      }),
    )
    expect((wrongIssuer as AuthSdkError).message).toMatch(/issuer/)
    const altered = tamper(tokens.idToken.idToken, { email: 'someone.else@example.com' })
    const badSignature = await rejection(
      sdk.token.verify({
        ...tokens.idToken,
        idToken: altered,
        claims: decodeToken(altered).payload,
      }),
    )
    expect((badSignature as AuthSdkError).message).toBe('The token signature is not valid')
  })

  it('token.verify refuses the ID token once it has expired (1 h on the platform clock)', async () => {
    const { sdk, tokens } = await signedIn()
    clock.advance(3600_000 + 600_000)
    const error = await rejection(sdk.token.verify(tokens.idToken))
    expect((error as AuthSdkError).message).toMatch(/expired/)
  })

  it('the same code twice: the second exchange is refused with invalid_grant', async () => {
    const { sdk, tokenParams, authorizationCode } = await signedIn()
    const error = await rejection(
      sdk.token.exchangeCodeForTokens({ ...tokenParams, authorizationCode }),
    )
    expect(error).toBeInstanceOf(OAuthError)
    expect((error as OAuthError).errorCode).toBe('invalid_grant')
  })

  it('a code exchanged with another verifier: invalid_grant (PKCE verification failed)', async () => {
    const { sdk, page } = oktaSdk(tp)
    const { tokenParams, answer } = await authorize(sdk, page, await sessionTokenFor(sdk, PAT))
    const other = await sdk.token.prepareTokenParams()
    const error = await rejection(
      sdk.token.exchangeCodeForTokens({
        ...tokenParams,
        codeVerifier: other.codeVerifier ?? '',
        authorizationCode: answer.get('code') ?? '',
      }),
    )
    expect((error as OAuthError).errorCode).toBe('invalid_grant')
    expect((error as OAuthError).errorSummary).toBe('PKCE verification failed.')
  })
})

describe('Okta SDK refresh', () => {
  it('renewTokensWithRefresh: new tokens and a rotated refresh token the SDK accepts', async () => {
    const { sdk, tokens } = await signedIn()
    clock.advance(60_000)
    const renewed = (await sdk.token.renewTokensWithRefresh(
      { scopes: SDK_SCOPES },
      tokens.refreshToken,
    )) as Required<Tokens>
    expect(renewed.accessToken.accessToken).not.toBe(tokens.accessToken.accessToken)
    expect(renewed.refreshToken.refreshToken).not.toBe(tokens.refreshToken.refreshToken)
    expect(renewed.idToken.claims.sub).toBe(tokens.idToken.claims.sub)
    await sdk.token.verify(renewed.idToken, { accessToken: renewed.accessToken.accessToken })
  })

  it('a used refresh token replayed after the 30 s rotation grace period: invalid_grant, and the rotated one dies with it', async () => {
    const { sdk, tokens } = await signedIn()
    const renewed = (await sdk.token.renewTokensWithRefresh(
      { scopes: SDK_SCOPES },
      tokens.refreshToken,
    )) as Required<Tokens>
    clock.advance(30_000)
    const replay = await rejection(
      sdk.token.renewTokensWithRefresh({ scopes: SDK_SCOPES }, tokens.refreshToken),
    )
    expect((replay as OAuthError).errorCode).toBe('invalid_grant')
    const family = await rejection(
      sdk.token.renewTokensWithRefresh({ scopes: SDK_SCOPES }, renewed.refreshToken),
    )
    expect((family as OAuthError).errorCode).toBe('invalid_grant')
  })
})

describe('Okta SDK getUserInfo', () => {
  it("getUserInfo with the app's scopes: the ID token's sub, nothing more", async () => {
    const { sdk, tokens } = await signedIn()
    const info = await sdk.token.getUserInfo(tokens.accessToken, tokens.idToken)
    // The SDK adds the answer's (visible) headers to the claims it returns.
    const { headers: _headers, ...claims } = info as Record<string, unknown>
    expect(claims).toEqual({ sub: tokens.idToken.claims.sub })
  })

  it('getUserInfo with profile and email: the name and email claims', async () => {
    const { sdk, tokens } = await signedIn(PAT, { scopes: [...SDK_SCOPES, 'profile', 'email'] })
    const info = await sdk.token.getUserInfo(tokens.accessToken, tokens.idToken)
    expect(info).toMatchObject({ name: 'Pat Password', email: PAT, preferred_username: PAT })
  })

  it('getUserInfo with an expired access token: the SDK reads the exposed invalid_token challenge', async () => {
    const { sdk, tokens } = await signedIn()
    clock.advance(3600_000 + 1000)
    const error = await rejection(sdk.token.getUserInfo(tokens.accessToken, tokens.idToken))
    expect(error).toBeInstanceOf(OAuthError)
    expect((error as OAuthError).errorCode).toBe('invalid_token')
  })
})

describe('Okta SDK token.introspect', () => {
  it('introspects its access, ID and refresh tokens through discovery, with Basic client auth', async () => {
    const { sdk, page, tokens } = await signedIn()
    const access = (await sdk.token.introspect(TokenKind.ACCESS, tokens.accessToken)) as Record<
      string,
      unknown
    >
    expect(access).toMatchObject({ active: true, client_id: '0oadevsignin', username: PAT })
    const id = (await sdk.token.introspect(TokenKind.ID, tokens.idToken)) as Record<string, unknown>
    expect(id).toMatchObject({ active: true, sub: tokens.idToken.claims.sub })
    const refresh = (await sdk.token.introspect(TokenKind.REFRESH, tokens.refreshToken)) as Record<
      string,
      unknown
    >
    expect(refresh).toMatchObject({ active: true, scope: SDK_SCOPES.join(' ') })
    const posts = page.wire.filter(
      (exchange) => exchange.method === 'POST' && exchange.url.endsWith('/v1/introspect'),
    )
    expect(posts).toHaveLength(3)
    expect(posts[0]?.requestHeaders.authorization).toBe(`Basic ${btoa('0oadevsignin')}`)
    expect(page.blocked).toBeNull()
  })

  it('a rotated refresh token: active false', async () => {
    const { sdk, tokens } = await signedIn()
    await sdk.token.renewTokensWithRefresh({ scopes: SDK_SCOPES }, tokens.refreshToken)
    const answer = (await sdk.token.introspect(TokenKind.REFRESH, tokens.refreshToken)) as Record<
      string,
      unknown
    >
    expect(answer.active).toBe(false)
  })
})

describe('Okta SDK sign-out', () => {
  it('getSignOutRedirectUrl: the logout page ends the Okta session and comes back with the state', async () => {
    const { sdk, page, tokens } = await signedIn()
    const oktaHost = new URL(tp.okta).hostname
    expect(page.cookies(oktaHost).sid).toEqual(expect.any(String))
    // A public method of the SDK (used by signOut()) that its type declarations leave out.
    const withLogoutUrl = sdk as OktaAuth & {
      getSignOutRedirectUrl(options: {
        idToken: Tokens['idToken']
        postLogoutRedirectUri: string
        state: string
      }): string
    }
    const url = withLogoutUrl.getSignOutRedirectUrl({
      idToken: tokens.idToken,
      postLogoutRedirectUri: tp.redirectUri,
      state: 'bye-123',
    })
    expect(url.startsWith(`${tp.okta}/oauth2/default/v1/logout?id_token_hint=`)).toBe(true)
    const response = await page.navigate(url)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(`${tp.redirectUri}?state=bye-123`)
    expect(page.cookies(oktaHost).sid).toBeUndefined()
  })

  it('signOut(): revokes the refresh token then the access token as the SDK sends them, then logs out', async () => {
    const { sdk, page, tokens } = await signedIn()
    sdk.tokenManager.setTokens(tokens)
    const assigned: string[] = []
    // signOut() ends with window.location.assign(logout URL); nothing else of `window` is used.
    const window = {
      location: {
        origin: tp.app,
        href: tp.redirectUri,
        assign: (url: string) => void assigned.push(url),
      },
    }
    Object.assign(globalThis, { window })
    try {
      await sdk.signOut({ state: 'bye-123' })
    } finally {
      Reflect.deleteProperty(globalThis, 'window')
    }
    const revokes = page.wire.filter(
      (exchange) => exchange.method === 'POST' && exchange.url.endsWith('/v1/revoke'),
    )
    expect(revokes).toHaveLength(2)
    // The SDK authenticates the public client as Basic base64(client_id), no form client_id.
    expect(revokes[0]?.requestHeaders.authorization).toBe(`Basic ${btoa('0oadevsignin')}`)
    expect(revokes.map((exchange) => exchange.status)).toEqual([200, 200])
    expect(page.blocked).toBeNull()
    const dead = await rejection(
      sdk.token.renewTokensWithRefresh({ scopes: SDK_SCOPES }, tokens.refreshToken),
    )
    expect((dead as OAuthError).errorCode).toBe('invalid_grant')
    expect(assigned).toHaveLength(1)
    const logout = await page.navigate(assigned[0] ?? '')
    expect(logout.headers.get('Location')).toBe(`${tp.redirectUri}?state=bye-123`)
  })
})
