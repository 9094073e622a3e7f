/**
 * The access scopes the app requests, exactly in the order of the specification (section 6).
 * `offline_access` asks for a refresh token; `openid` makes the response carry an ID token.
 * @see ../../../../../shared/spec/signin-spec.md section 6
 * @see https://openid.net/specs/openid-connect-core-1_0.html#ScopeClaims
 */
export const OAUTH_SCOPES = [
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

/** One of {@link OAUTH_SCOPES}. */
export type OAuthScope = (typeof OAUTH_SCOPES)[number]
