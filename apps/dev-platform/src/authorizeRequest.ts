/**
 * Validation of `/authorize` requests, in the order that decides how an error is answered:
 * an unknown client or unregistered `redirect_uri` gets an error page (never a redirect, RFC 6749
 * section 4.1.2.1); every later problem is redirected back as an OAuth error.
 * @see https://developer.okta.com/docs/reference/api/oidc/#authorize
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2.1
 */
import { OKTA_CLIENT_ID, type PlatformConfig } from './config'
import type { ResponseMode } from './redirectWith'
import { KNOWN_SCOPES } from './tokenGrants'

/** A valid authorization request. */
export interface AuthorizeRequest {
  readonly clientId: string
  readonly redirectUri: string
  readonly responseMode: ResponseMode
  readonly state: string
  readonly scopes: readonly string[]
  readonly codeChallenge: string
  readonly nonce: string | null
  readonly sessionToken: string | null
}

/** The outcome of validation. */
export type AuthorizeCheck =
  | { readonly kind: 'ok'; readonly request: AuthorizeRequest }
  /** Answered with a 400 HTML page: there is no trustworthy place to redirect to. */
  | { readonly kind: 'page'; readonly error: string; readonly description: string }
  /** Redirected back to the client with `error` (and `state` when it was valid). */
  | {
      readonly kind: 'redirect'
      readonly redirectUri: string
      readonly responseMode: ResponseMode
      readonly state: string | null
      readonly error: string
      readonly description: string
    }

/** Okta: "alphanumeric, comma, period, underscore, and hyphen characters". */
const STATE_PATTERN = /^[A-Za-z0-9,._-]+$/
/** RFC 7636 section 4.2: 43 to 128 unreserved characters. */
const CHALLENGE_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/

/** Validates the query of `GET /oauth2/default/v1/authorize`. */
export function checkAuthorizeRequest(
  config: PlatformConfig,
  query: URLSearchParams,
): AuthorizeCheck {
  const get = (name: string): string | null => query.get(name)
  const clientId = get('client_id')
  if (clientId !== OKTA_CLIENT_ID)
    return {
      kind: 'page',
      error: 'invalid_client',
      description: "Invalid value for 'client_id' parameter.",
    }
  const redirectUri = get('redirect_uri') ?? ''
  if (!config.redirectUris.includes(redirectUri))
    return {
      kind: 'page',
      error: 'invalid_request',
      description:
        "The 'redirect_uri' parameter must be a Login redirect URI in the client app settings.",
    }

  const modeParam = get('response_mode') ?? 'query'
  const responseMode: ResponseMode = modeParam === 'fragment' ? 'fragment' : 'query'
  const rawState = get('state')
  const state = rawState !== null && STATE_PATTERN.test(rawState) ? rawState : null
  const refuse = (error: string, description: string): AuthorizeCheck => ({
    kind: 'redirect',
    redirectUri,
    responseMode,
    state,
    error,
    description,
  })

  if (modeParam !== 'query' && modeParam !== 'fragment')
    return refuse('unsupported_response_mode', `The response mode '${modeParam}' is not supported.`)
  if (get('response_type') !== 'code')
    return refuse(
      'unsupported_response_type',
      'The response type is not supported by the authorization server. Configured response types: [code].',
    )
  if (state === null)
    return refuse(
      'invalid_request',
      rawState === null
        ? "The 'state' parameter is required."
        : "The 'state' parameter may only contain alphanumerics, comma, period, underscore and hyphen.",
    )
  const scopes = (get('scope') ?? '').split(' ').filter(Boolean)
  if (!scopes.includes('openid') || !scopes.every((scope) => KNOWN_SCOPES.has(scope)))
    return refuse('invalid_scope', 'The requested scope is invalid, unknown, or malformed.')
  const codeChallenge = get('code_challenge')
  if (codeChallenge === null)
    return refuse(
      'invalid_request',
      "PKCE code challenge is required when the token endpoint authentication method is 'NONE'.",
    )
  if (!CHALLENGE_PATTERN.test(codeChallenge))
    return refuse('invalid_request', "The 'code_challenge' parameter is invalid.")
  const method = get('code_challenge_method')
  if (method !== 'S256')
    return refuse(
      'invalid_request',
      method === null
        ? "The 'code_challenge_method' parameter is required and must be 'S256'."
        : `PKCE code challenge method '${method}' is not supported; use 'S256'.`,
    )
  return {
    kind: 'ok',
    request: {
      clientId,
      redirectUri,
      responseMode,
      state,
      scopes,
      codeChallenge,
      nonce: get('nonce') || null,
      sessionToken: get('sessionToken') || null,
    },
  }
}
