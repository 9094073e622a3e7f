/**
 * A stand-in for the authorization server's token, revocation and userinfo endpoints, as a
 * `fetch`: what the session calls, answered in memory, with every request recorded.
 */
import { oauthEndpointsFor } from '../oauth/authorizationServerFor'
import type { SessionConfig } from '../session/session.types'
import { TEST_NOW_S, TEST_USER, fakeAccessToken, fakeIdToken, type FakeUser } from './fakeTokens'

/** One request the fake endpoint received. */
export interface FakeEndpointRequest {
  /** Which endpoint: `token`, `revoke`, `userinfo`, or `other` (answered 404). */
  readonly endpoint: 'token' | 'revoke' | 'userinfo' | 'other'
  readonly url: string
  readonly method: string
  /** The form body (token and revoke); empty otherwise. */
  readonly form: URLSearchParams
  /** The `Authorization` header, or null. */
  readonly authorization: string | null
}

/** What {@link createFakeTokenEndpoint} starts from. */
export interface FakeTokenEndpointOptions {
  /** The session's configuration: the endpoints live under its issuer and answer its client. */
  readonly config: Pick<SessionConfig, 'oktaOrgUrl' | 'authServerId' | 'clientId'>
  /** The clock (epoch ms) the issued tokens' `iat`/`exp` come from; default {@link TEST_NOW_S}. */
  readonly now?: () => number
  /** Refresh tokens the endpoint accepts at the start (default `['rt-0']`). */
  readonly refreshTokens?: readonly string[]
  /** Access tokens userinfo accepts at the start, besides those it issues (default none). */
  readonly accessTokens?: readonly string[]
  /** Lifetime of issued access tokens in seconds (default 3600). */
  readonly accessTokenTtlSeconds?: number
  /** Default {@link TEST_USER}. */
  readonly user?: FakeUser
}

/** The fake endpoint: pass `fetch` to the session, then look at `requests`. */
export interface FakeTokenEndpoint {
  /** Answers the token, revocation and userinfo endpoints of the configured issuer. */
  readonly fetch: typeof fetch
  /** Every request, in order. */
  readonly requests: readonly FakeEndpointRequest[]
  /** The refresh tokens currently valid (rotated on each refresh, removed on revocation). */
  readonly validRefreshTokens: ReadonlySet<string>
  /** Every token revoked so far, in order. */
  readonly revoked: readonly string[]
  /** Answers the next request with `response` instead (a 503, a network failure by rejecting, ...). */
  failNext(response: Response | Error): void
}

/**
 * A fake of Okta's `/v1/token` (refresh-token grant with rotation: each accepted refresh token is
 * spent and a new one issued; an unknown, spent or revoked one gets `400 invalid_grant`, a foreign
 * `client_id` `401 invalid_client`), `/v1/revoke` (RFC 7009: always 200; the token stops working)
 * and `/v1/userinfo` (the user for a Bearer access token it issued or was given in
 * `accessTokens` and that was not revoked, else 401), all
 * under the configuration's issuer. Anything else answers 404.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-6 (refresh)
 * @see https://www.rfc-editor.org/rfc/rfc7009#section-2.2 (revocation answers 200)
 * @see https://developer.okta.com/docs/reference/api/oidc/#userinfo
 */
export function createFakeTokenEndpoint(options: FakeTokenEndpointOptions): FakeTokenEndpoint {
  const endpoints = oauthEndpointsFor(options.config)
  const userinfoUrl = `${endpoints.issuer}/v1/userinfo`
  const user = options.user ?? TEST_USER
  const ttl = options.accessTokenTtlSeconds ?? 3600
  const nowS = () => Math.floor((options.now?.() ?? TEST_NOW_S * 1000) / 1000)
  const valid = new Set(options.refreshTokens ?? ['rt-0'])
  const issuedAccessTokens = new Set(options.accessTokens ?? [])
  const requests: FakeEndpointRequest[] = []
  const revoked: string[] = []
  const failures: (Response | Error)[] = []
  let issued = 0

  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    })

  const refresh = (form: URLSearchParams): Response => {
    if (form.get('grant_type') !== 'refresh_token')
      return json({ error: 'unsupported_grant_type' }, 400)
    if (form.get('client_id') !== options.config.clientId)
      return json(
        { error: 'invalid_client', error_description: 'Client authentication failed.' },
        401,
      )
    const presented = form.get('refresh_token') ?? ''
    if (!valid.delete(presented))
      return json(
        { error: 'invalid_grant', error_description: 'The refresh token is invalid or expired.' },
        400,
      )
    issued += 1
    const refreshToken = `rt-${issued}`
    valid.add(refreshToken)
    const iat = nowS()
    const accessToken = fakeAccessToken({
      jti: `AT.${issued}`,
      sub: user.subject,
      email: user.email,
      cid: options.config.clientId,
      iss: endpoints.issuer,
      iat,
      exp: iat + ttl,
    })
    issuedAccessTokens.add(accessToken)
    return json({
      token_type: 'Bearer',
      expires_in: ttl,
      access_token: accessToken,
      refresh_token: refreshToken,
      scope: 'openid email profile offline_access',
      id_token: fakeIdToken(options.config, { email: user.email, name: user.name }),
    })
  }

  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init)
    const url = request.url.split('?')[0] ?? ''
    const endpoint =
      url === endpoints.tokenEndpoint
        ? 'token'
        : url === endpoints.revocationEndpoint
          ? 'revoke'
          : url === userinfoUrl
            ? 'userinfo'
            : 'other'
    const form = new URLSearchParams(request.method === 'POST' ? await request.text() : '')
    const authorization = request.headers.get('authorization')
    requests.push({ endpoint, url: request.url, method: request.method, form, authorization })
    const failure = failures.shift()
    if (failure instanceof Error) throw failure
    if (failure !== undefined) return failure
    if (endpoint === 'token' && request.method === 'POST') return refresh(form)
    if (endpoint === 'revoke' && request.method === 'POST') {
      const token = form.get('token') ?? ''
      revoked.push(token)
      valid.delete(token)
      issuedAccessTokens.delete(token)
      return new Response(null, { status: 200 })
    }
    if (endpoint === 'userinfo') {
      const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1]
      if (token === undefined || !issuedAccessTokens.has(token))
        return new Response(null, {
          status: 401,
          headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
        })
      return json({ sub: user.subject, email: user.email, name: user.name })
    }
    return json({ errorCode: 'E0000022', errorSummary: 'The endpoint does not exist.' }, 404)
  }

  return {
    fetch,
    requests,
    validRefreshTokens: valid,
    revoked,
    failNext: (response) => {
      failures.push(response)
    },
  }
}
