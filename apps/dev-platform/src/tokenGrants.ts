/**
 * The token endpoint's grants: `authorization_code` with PKCE (one-time codes, 300 s) and
 * `refresh_token` with rotation and replay detection; RFC 7009 revocation; and token sets for the
 * product API (Google path).
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-4.1.3
 * @see https://www.rfc-editor.org/rfc/rfc7636#section-4.6
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2
 * @see https://www.rfc-editor.org/rfc/rfc7009
 * @see https://developer.okta.com/docs/reference/api/oidc/#token
 */
import { createHash } from 'node:crypto'
import { SEEDED_ACCOUNTS } from './accounts'
import { epochSeconds } from './clock'
import { ACCESS_TOKEN_AUDIENCE, OKTA_CLIENT_ID } from './config'
import type { PlatformContext } from './context'
import { safeEqual } from './safeEqual'
import { accessTokenHash } from './tokens'

/** The scopes the sign-in app requests (spec section 6). */
export const APP_SCOPES = [
  'api_usage:get',
  'coverage:get',
  'detection:find',
  'detection:get',
  'frame:get',
  'image:get',
  'subscription:add',
  'subscription:update',
  'subscription:find',
  'offline_access',
  'openid',
] as const

/** Every scope the authorization server knows. */
export const KNOWN_SCOPES: ReadonlySet<string> = new Set([...APP_SCOPES, 'profile', 'email'])

/** Lifetime of an authorization code. @see https://developer.okta.com/docs/reference/api/oidc/#response-properties */
export const CODE_TTL_MS = 300_000
/** Lifetime of a refresh token (Okta's default idle lifetime is 7 days). */
export const REFRESH_TOKEN_TTL_MS = 7 * 86_400_000
/** ID tokens live one hour. */
export const ID_TOKEN_TTL_SECONDS = 3600

/** `{token_type, expires_in, access_token, scope, id_token?, refresh_token?}`. */
export interface TokenSet {
  token_type: 'Bearer'
  expires_in: number
  access_token: string
  scope: string
  id_token?: string
  refresh_token?: string
}

/** An OAuth error answer with its HTTP status. */
export interface OAuthErrorOutcome {
  readonly ok: false
  readonly status: 400 | 401
  readonly body: { error: string; error_description: string }
}

/** A grant's answer: the token set, or an OAuth error with its HTTP status. */
export type GrantOutcome = { readonly ok: true; readonly body: TokenSet } | OAuthErrorOutcome

/** A revocation's answer: done (200, empty body), or an OAuth error with its HTTP status. */
export type RevocationOutcome = { readonly ok: true } | OAuthErrorOutcome

/** The `token_type_hint` values Okta's `/v1/revoke` knows. */
export const TOKEN_TYPE_HINTS: ReadonlySet<string> = new Set([
  'access_token',
  'refresh_token',
  'id_token',
  'device_secret',
])

const CODE_INVALID = 'The authorization code is invalid or has expired.'
const REFRESH_INVALID = 'The refresh token is invalid or expired.'
const VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/

const oauthError = (
  error: string,
  description: string,
  status: 400 | 401 = 400,
): OAuthErrorOutcome => ({
  ok: false,
  status,
  body: { error, error_description: description },
})

/** Who a token is about. */
interface Principal {
  readonly id: string
  readonly login: string
  readonly name: string
}

/** What a token set is issued for. */
interface Grant {
  readonly userId: string
  readonly clientId: string
  readonly scopes: readonly string[]
  readonly amr: readonly string[]
  readonly authTime: number
  readonly nonce?: string | null
  /** Refresh-token family to continue; a new one is started when absent. */
  readonly familyId?: string
}

/** The access token lifetime in force: the test control's override, else `DEV_ACCESS_TOKEN_TTL`. */
export function accessTokenTtlSeconds(ctx: Pick<PlatformContext, 'store' | 'config'>): number {
  return ctx.store.accessTokenTtlSeconds ?? ctx.config.accessTokenTtlSeconds
}

/** Builds the grants over the platform's store, clock and signer. */
export function createTokenGrants(ctx: PlatformContext) {
  const { store, clock, random, signer, config } = ctx

  const principal = (userId: string): Principal => {
    const user = store.users.get(userId)
    if (user) return { id: user.id, login: user.login, name: `${user.firstName} ${user.lastName}` }
    const account = SEEDED_ACCOUNTS.find((candidate) => candidate.userId === userId)
    if (!account) throw new Error(`No principal ${userId}`)
    const name = `${account.firstName} ${account.lastName}`
    return { id: account.userId, login: account.email, name }
  }

  /** Signs the access token, the ID token (openid) and mints a refresh token (offline_access). */
  const issue = async (grant: Grant): Promise<{ body: TokenSet; familyId: string | null }> => {
    const who = principal(grant.userId)
    const iat = epochSeconds(clock.now())
    const ttl = accessTokenTtlSeconds(ctx)
    const accessToken = await signer.sign({
      ver: 1,
      jti: `AT.${random.opaque()}`,
      iss: config.issuer,
      aud: ACCESS_TOKEN_AUDIENCE,
      iat,
      exp: iat + ttl,
      cid: grant.clientId,
      uid: who.id,
      scp: [...grant.scopes],
      auth_time: epochSeconds(grant.authTime),
      sub: who.login,
      email: who.login,
    })
    const body: TokenSet = {
      token_type: 'Bearer',
      expires_in: ttl,
      access_token: accessToken,
      scope: grant.scopes.join(' '),
    }
    if (grant.scopes.includes('openid'))
      body.id_token = await idToken(who, grant, iat, accessTokenHash(accessToken))
    let familyId: string | null = null
    if (grant.scopes.includes('offline_access')) {
      familyId = grant.familyId ?? random.opaque(16)
      const refreshToken = random.opaque()
      store.refreshTokens.set(refreshToken, {
        familyId,
        clientId: grant.clientId,
        userId: grant.userId,
        scopes: grant.scopes,
        amr: grant.amr,
        authTime: grant.authTime,
        expiresAt: clock.now() + REFRESH_TOKEN_TTL_MS,
        used: false,
      })
      body.refresh_token = refreshToken
    }
    return { body, familyId }
  }

  /**
   * The ID token. Issued with an access token, Okta's is "thin": the base claims, plus `name` and
   * `preferred_username` only with the `profile` scope and `email` only with the `email` scope (the
   * other profile claims come from `/v1/userinfo`). Without those scopes it names no one.
   * @see https://developer.okta.com/docs/reference/api/oidc/#scope-dependent-claims-not-always-returned
   * @see https://support.okta.com/help/s/article/Okta-Groups-or-Attribute-Missing-from-Id-Token
   * @see https://openid.net/specs/openid-connect-core-1_0.html#ScopeClaims
   */
  const idToken = (who: Principal, grant: Grant, iat: number, atHash?: string) =>
    signer.sign({
      ver: 1,
      jti: `ID.${random.opaque()}`,
      iss: config.issuer,
      aud: grant.clientId,
      sub: who.id,
      ...(grant.scopes.includes('profile')
        ? { name: who.name, preferred_username: who.login }
        : {}),
      ...(grant.scopes.includes('email') ? { email: who.login } : {}),
      ...(grant.nonce ? { nonce: grant.nonce } : {}),
      iat,
      exp: iat + ID_TOKEN_TTL_SECONDS,
      auth_time: epochSeconds(grant.authTime),
      amr: [...grant.amr],
      ...(atHash ? { at_hash: atHash } : {}),
    })

  /** A refresh token that may still be used, or null. */
  const liveRefreshToken = (token: string) => {
    const record = store.refreshTokens.get(token)
    if (!record || record.expiresAt <= clock.now() || store.revokedFamilies.has(record.familyId))
      return null
    return record
  }

  /** Client checks common to the grants and revocation (public client: `client_id` only, no secret). */
  const checkClient = (clientId: string | null): OAuthErrorOutcome | null => {
    if (!clientId) return oauthError('invalid_client', 'No client credentials found.', 401)
    if (clientId !== OKTA_CLIENT_ID)
      return oauthError(
        'invalid_client',
        'Client authentication failed. Either the client or the client credentials are invalid.',
        401,
      )
    return null
  }

  return {
    /**
     * `grant_type=authorization_code`: a code is usable once, within 300 s, with the same
     * `redirect_uri` and a `code_verifier` whose S256 matches the challenge. A replayed code
     * also revokes the refresh tokens issued from it (RFC 6749 section 4.1.2).
     */
    async authorizationCode(params: URLSearchParams): Promise<GrantOutcome> {
      const clientId = params.get('client_id')
      const refused = checkClient(clientId)
      if (refused) return refused
      const code = params.get('code')
      if (!code) return oauthError('invalid_request', "The 'code' parameter is required.")
      const verifier = params.get('code_verifier')
      if (!verifier)
        return oauthError('invalid_request', 'PKCE code verifier is required by the application.')
      const record = store.codes.get(code)
      if (!record) return oauthError('invalid_grant', CODE_INVALID)
      if (record.redeemed) {
        if (record.familyId) store.revokedFamilies.add(record.familyId)
        return oauthError('invalid_grant', CODE_INVALID)
      }
      record.redeemed = true
      if (record.expiresAt <= clock.now() || record.clientId !== clientId)
        return oauthError('invalid_grant', CODE_INVALID)
      if (params.get('redirect_uri') !== record.redirectUri)
        return oauthError(
          'invalid_grant',
          "The 'redirect_uri' does not match the redirection URI used in the authorization request.",
        )
      if (!VERIFIER_PATTERN.test(verifier) || !safeEqual(s256(verifier), record.codeChallenge))
        return oauthError('invalid_grant', 'PKCE verification failed.')
      const { userId, scopes, amr, authTime, nonce } = record
      const { body, familyId } = await issue({ userId, clientId, scopes, amr, authTime, nonce })
      record.familyId = familyId
      return { ok: true, body }
    },

    /**
     * `grant_type=refresh_token`: rotates (a new refresh token each time, the old one dead);
     * presenting a used one revokes the whole family.
     * @see https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2
     */
    async refreshToken(params: URLSearchParams): Promise<GrantOutcome> {
      const clientId = params.get('client_id')
      const refused = checkClient(clientId)
      if (refused) return refused
      const token = params.get('refresh_token')
      if (!token) return oauthError('invalid_request', "The 'refresh_token' parameter is required.")
      const record = liveRefreshToken(token)
      if (!record || record.clientId !== clientId)
        return oauthError('invalid_grant', REFRESH_INVALID)
      // Okta's rotation grace period: a rotated token presented again within it (two tabs or
      // sub-sites refreshing at once, a lost answer) still refreshes; after it, it is a replay.
      const graceMs = ctx.config.refreshGraceSeconds * 1000
      if (record.used && !(clock.now() - (record.usedAt ?? 0) < graceMs)) {
        store.revokedFamilies.add(record.familyId)
        return oauthError('invalid_grant', REFRESH_INVALID)
      }
      const requested = params.get('scope')?.split(' ').filter(Boolean)
      if (requested && !requested.every((scope) => record.scopes.includes(scope)))
        return oauthError('invalid_scope', 'The requested scope is invalid, unknown, or malformed.')
      if (!record.used) record.usedAt = clock.now()
      record.used = true
      const scopes = requested ?? record.scopes
      const { body } = await issue({ ...record, scopes, familyId: record.familyId })
      return { ok: true, body }
    },

    /** Tokens for a Google account the product API knows (the app's scopes, a new family). */
    async issueForProductUser(userId: string): Promise<TokenSet> {
      const now = clock.now()
      const grant = {
        userId,
        clientId: OKTA_CLIENT_ID,
        scopes: APP_SCOPES,
        amr: ['google'],
        authTime: now,
      }
      return (await issue(grant)).body
    },

    /**
     * RFC 7009 revocation (`token`, optional `token_type_hint`, `client_id`; public client).
     * A refresh token of this client revokes its whole rotation family (every token rotated from
     * the same sign-in, so no later refresh works). Whatever else is presented (an unknown,
     * expired or already revoked token, or an access or ID token, which nothing here tracks) is
     * answered 200 too: the RFC says an invalid token is not an error, so a client cannot probe
     * which tokens exist. An unknown hint is `unsupported_token_type`.
     * @see https://www.rfc-editor.org/rfc/rfc7009#section-2.2
     * @see https://developer.okta.com/docs/reference/api/oidc/#revoke
     */
    revoke(params: URLSearchParams): RevocationOutcome {
      const clientId = params.get('client_id')
      const refused = checkClient(clientId)
      if (refused) return refused
      const token = params.get('token')
      if (!token) return oauthError('invalid_request', "The 'token' parameter is required.")
      const hint = params.get('token_type_hint')
      if (hint !== null && !TOKEN_TYPE_HINTS.has(hint))
        return oauthError(
          'unsupported_token_type',
          `The token_type_hint '${hint}' is not supported by the authorization server.`,
        )
      const record = store.refreshTokens.get(token)
      if (record && record.clientId === clientId) store.revokedFamilies.add(record.familyId)
      return { ok: true }
    },
  }
}

export type TokenGrants = ReturnType<typeof createTokenGrants>

/** `BASE64URL(SHA256(ASCII(code_verifier)))`. @see https://www.rfc-editor.org/rfc/rfc7636#section-4.2 */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url')
}
