/**
 * The OAuth 2.0 / OIDC authorization server `default` on the Okta origin: authorize (session
 * token + PKCE), token, revoke, keys, discovery and logout (also on the org server
 * `/oauth2/v1/logout`).
 * @see https://developer.okta.com/docs/reference/api/oidc/
 */
import { Hono, type Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { checkAuthorizeRequest, type AuthorizeRequest } from './authorizeRequest'
import { AUTH_SERVER_ID, OKTA_CLIENT_ID } from './config'
import type { AppEnv, PlatformContext } from './context'
import { appOrSubsiteOrigin, cors } from './cors'
import { faultPoint } from './faults'
import { html, pageHeaders, renderPage } from './htmlPage'
import { publicClientId } from './publicClientId'
import { redirectWith } from './redirectWith'
import {
  CODE_TTL_MS,
  KNOWN_SCOPES,
  type GrantOutcome,
  type OAuthErrorOutcome,
  type TokenGrants,
} from './tokenGrants'

const BASE = `/oauth2/${AUTH_SERVER_ID}`
/** Okta's session cookie. */
export const SESSION_COOKIE = 'sid'

/** The authorization server routes, mounted on the Okta app. */
export function oauthRoutes(ctx: PlatformContext, grants: TokenGrants): Hono<AppEnv> {
  const { config, store, clock, random, signer } = ctx
  const app = new Hono<AppEnv>()
  const secureCookie = config.urls.okta.startsWith('https:')
  const browserOrigin = appOrSubsiteOrigin(config)
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: secureCookie,
  } as const

  const errorPage = (c: Context<AppEnv>, error: string, description: string) =>
    c.body(
      renderPage({
        title: 'Bad request',
        main: html`<h1>400 Bad Request</h1>
          <p><code>${error}</code></p>
          <p>${description}</p>
          <p class="note">Dev platform authorization server (${config.issuer}).</p>`,
      }),
      400,
      pageHeaders(),
    )

  /* --- authorize --- */

  app.use(`${BASE}/v1/authorize`, faultPoint(ctx, 'authorize'), async (c, next) => {
    await next()
    c.res.headers.set('Referrer-Policy', 'no-referrer')
    c.res.headers.set('Cache-Control', 'no-store')
    c.res.headers.set('Pragma', 'no-cache')
  })

  /**
   * `GET /authorize`: with a valid one-time `sessionToken` issues a code (300 s) and starts an
   * Okta session (`sid`); otherwise answers `login_required`, or `access_denied` for a user not
   * assigned to the app.
   * @see https://developer.okta.com/docs/guides/session-cookie/main/
   */
  app.get(`${BASE}/v1/authorize`, (c) => {
    const check = checkAuthorizeRequest(config, new URL(c.req.url).searchParams)
    if (check.kind === 'page') return errorPage(c, check.error, check.description)
    if (check.kind === 'redirect') {
      const params: Record<string, string> = {
        error: check.error,
        error_description: check.description,
      }
      if (check.state !== null) params.state = check.state
      return c.redirect(redirectWith(check.redirectUri, check.responseMode, params), 302)
    }
    const request = check.request
    const back = (params: Record<string, string>) =>
      c.redirect(
        redirectWith(request.redirectUri, request.responseMode, {
          ...params,
          state: request.state,
        }),
        302,
      )
    const record = request.sessionToken ? store.sessionTokens.get(request.sessionToken) : undefined
    if (request.sessionToken) store.sessionTokens.delete(request.sessionToken)
    if (!record || record.expiresAt <= clock.now())
      return back({
        error: 'login_required',
        error_description: 'The client specified not to prompt, but the user is not logged in.',
      })
    const sid = random.opaque(25)
    store.sessions.set(sid, { userId: record.userId, createdAt: clock.now() })
    setCookie(c, SESSION_COOKIE, sid, cookieOptions)
    if (store.users.get(record.userId)?.behaviour === 'denied')
      return back({
        error: 'access_denied',
        error_description: 'User is not assigned to the client application.',
      })
    return back({ code: issueCode(request, record) })
  })

  const issueCode = (
    request: AuthorizeRequest,
    session: { userId: string; amr: readonly string[]; authTime: number },
  ): string => {
    const code = random.opaque()
    store.codes.set(code, {
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      scopes: request.scopes,
      nonce: request.nonce,
      userId: session.userId,
      amr: session.amr,
      authTime: session.authTime,
      expiresAt: clock.now() + CODE_TTL_MS,
      redeemed: false,
      familyId: null,
    })
    return code
  }

  /* --- token, revoke, keys, discovery (CORS for the app and the sub-sites) --- */

  const browserCors = (methods: string[], extraHeaders: string[] = []) =>
    cors({
      isAllowed: browserOrigin,
      methods,
      allowHeaders: ['Content-Type', 'Accept', 'X-Okta-User-Agent-Extended', ...extraHeaders],
      credentials: true,
    })

  /**
   * The form of a POST to the token or revocation endpoint, or the OAuth error for a browser
   * request from an origin that is not trusted, or a body that is not form-encoded.
   */
  const readForm = async (
    c: Context<AppEnv>,
    endpoint: string,
  ): Promise<URLSearchParams | OAuthErrorOutcome> => {
    const origin = c.req.header('Origin')
    if (origin !== undefined && !browserOrigin(origin))
      return invalidRequest(
        `Browser requests to the ${endpoint} endpoint must be part of at least one whitelisted redirect_uri.`,
      )
    if (!(c.req.header('Content-Type') ?? '').startsWith('application/x-www-form-urlencoded'))
      return invalidRequest("The request must be sent as 'application/x-www-form-urlencoded'.")
    return new URLSearchParams(await c.req.text())
  }
  const noStore = { 'Cache-Control': 'no-store', Pragma: 'no-cache' }

  app.use(`${BASE}/v1/token`, browserCors(['POST', 'OPTIONS']), faultPoint(ctx, 'token'))

  /**
   * `POST /token` (form-encoded): authorization_code with PKCE, or refresh_token.
   * @see https://developer.okta.com/docs/reference/api/oidc/#token
   */
  app.post(`${BASE}/v1/token`, async (c) => {
    const params = await readForm(c, 'token')
    let outcome: GrantOutcome
    if (!(params instanceof URLSearchParams)) {
      outcome = params
    } else {
      const grantType = params.get('grant_type')
      if (grantType === 'authorization_code') outcome = await grants.authorizationCode(params)
      else if (grantType === 'refresh_token') outcome = await grants.refreshToken(params)
      else if (!grantType) outcome = invalidRequest("The 'grant_type' parameter is required.")
      else
        outcome = {
          ok: false,
          status: 400,
          body: {
            error: 'unsupported_grant_type',
            error_description: `The authorization grant type '${grantType}' is not supported by the authorization server. Configured grant types: [authorization_code, refresh_token].`,
          },
        }
    }
    return c.json(outcome.body, outcome.ok ? 200 : outcome.status, noStore)
  })

  // Okta's SDK identifies the public client in `Authorization: Basic base64(client_id)`.
  app.use(
    `${BASE}/v1/revoke`,
    browserCors(['POST', 'OPTIONS'], ['Authorization']),
    faultPoint(ctx, 'revoke'),
  )

  /**
   * `POST /revoke` (form-encoded `token`, `token_type_hint`, and the client: `client_id` in the
   * form or `Authorization: Basic base64(client_id)` as Okta's SDK sends; neither is 401
   * `invalid_client`): 200 with an empty body
   * whether or not the token was live (RFC 7009); a refresh token takes its family with it.
   * @see https://www.rfc-editor.org/rfc/rfc7009#section-2
   * @see https://developer.okta.com/docs/reference/api/oidc/#revoke
   */
  app.post(`${BASE}/v1/revoke`, async (c) => {
    const form = await readForm(c, 'revocation')
    const params =
      form instanceof URLSearchParams ? withBasicClient(form, c.req.header('Authorization')) : form
    const outcome = params instanceof URLSearchParams ? grants.revoke(params) : params
    if (outcome.ok) return c.body(null, 200, noStore)
    return c.json(outcome.body, outcome.status, noStore)
  })

  app.use(`${BASE}/v1/keys`, browserCors(['GET', 'OPTIONS']), faultPoint(ctx, 'keys'))
  app.get(`${BASE}/v1/keys`, (c) => c.json(signer.jwks(), 200, { 'Cache-Control': 'no-cache' }))

  const discovery = () => ({
    issuer: config.issuer,
    authorization_endpoint: `${config.issuer}/v1/authorize`,
    token_endpoint: `${config.issuer}/v1/token`,
    jwks_uri: `${config.issuer}/v1/keys`,
    end_session_endpoint: `${config.issuer}/v1/logout`,
    userinfo_endpoint: `${config.issuer}/v1/userinfo`,
    introspection_endpoint: `${config.issuer}/v1/introspect`,
    introspection_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint: `${config.issuer}/v1/revoke`,
    revocation_endpoint_auth_methods_supported: ['none'],
    response_types_supported: ['code'],
    response_modes_supported: ['query', 'fragment'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    scopes_supported: [...KNOWN_SCOPES],
    token_endpoint_auth_methods_supported: ['none'],
    claims_supported: [
      'ver',
      'jti',
      'iss',
      'sub',
      'aud',
      'iat',
      'exp',
      'auth_time',
      'amr',
      'nonce',
      'at_hash',
      'email',
      'name',
      'preferred_username',
      'cid',
      'uid',
      'scp',
    ],
    code_challenge_methods_supported: ['S256'],
    request_parameter_supported: false,
  })
  for (const path of [
    '/.well-known/openid-configuration',
    '/.well-known/oauth-authorization-server',
  ]) {
    app.use(`${BASE}${path}`, browserCors(['GET', 'OPTIONS']))
    app.get(`${BASE}${path}`, (c) => c.json(discovery(), 200, { 'Cache-Control': 'no-cache' }))
  }

  /* --- logout --- */

  /**
   * `GET /logout`: `id_token_hint` must be an ID token this server signed for the client
   * (expired is fine, as at Okta); `post_logout_redirect_uri` must be registered exactly
   * (`logoutRedirectUris`): any other gets Okta's 400 page (`illegal_post_logout_redirect_uri`),
   * no redirect, the Okta session kept. Ends the Okta session and redirects, echoing `state`.
   * @see https://developer.okta.com/docs/reference/api/oidc/#logout
   */
  const logout = async (c: Context<AppEnv>) => {
    const hint = c.req.query('id_token_hint')
    const target = c.req.query('post_logout_redirect_uri')
    const state = c.req.query('state')
    if (!hint) return errorPage(c, 'invalid_request', "The 'id_token_hint' parameter is required.")
    const claims = await signer.verifyIgnoringExpiry(hint)
    if (!claims || claims.iss !== config.issuer || claims.aud !== OKTA_CLIENT_ID)
      return errorPage(
        c,
        'invalid_request',
        "The 'id_token_hint' parameter is not a valid ID token.",
      )
    if (target !== undefined && !config.logoutRedirectUris.includes(target))
      return errorPage(
        c,
        'invalid_request',
        "The 'post_logout_redirect_uri' parameter must be a Logout redirect URI in the client app settings.",
      )
    const sid = getCookie(c, SESSION_COOKIE)
    if (sid) store.sessions.delete(sid)
    deleteCookie(c, SESSION_COOKIE, cookieOptions)
    let location = target ?? `${config.urls.okta}/`
    if (target !== undefined && state !== undefined)
      location = redirectWith(target, 'query', { state })
    c.header('Cache-Control', 'no-store')
    return c.redirect(location, 302)
  }
  app.get(`${BASE}/v1/logout`, logout)
  app.get('/oauth2/v1/logout', logout)
  return app
}

const invalidRequest = (description: string): OAuthErrorOutcome => ({
  ok: false,
  status: 400,
  body: { error: 'invalid_request', error_description: description },
})

/**
 * The revocation form with the client identified by HTTP Basic, as Okta's SDK sends it for a
 * public client: `base64(client_id)` with no colon (`lib/oidc/revokeToken.ts` in okta-auth-js 8),
 * or RFC 6749's `base64(client_id:)`; `client_id` is added to the form (see
 * {@link publicClientId}). Any other `Authorization`, a non-empty secret (this client has none)
 * or a `client_id` in the form that names another client is 401 `invalid_client`.
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-2.3.1
 * @see https://www.rfc-editor.org/rfc/rfc7009#section-2.1
 */
export function withBasicClient(
  form: URLSearchParams,
  authorization: string | undefined,
): URLSearchParams | OAuthErrorOutcome {
  if (authorization === undefined) return form
  const clientId = publicClientId(authorization, form)
  if (clientId === null || clientId === 'conflict')
    return {
      ok: false,
      status: 401,
      body: { error: 'invalid_client', error_description: 'Client authentication failed.' },
    }
  const params = new URLSearchParams(form)
  params.set('client_id', clientId)
  return params
}
