import * as v from 'valibot'
import type { TokenSet } from './oauth.types'

/** The longest access-token lifetime accepted, in seconds (one day). */
export const MAX_EXPIRES_IN_SECONDS = 86_400

/** A compact JWS: three base64url parts (an ID token's shape; its claims are checked elsewhere). */
export const JwsSchema = v.pipe(v.string(), v.regex(/^[\w-]+\.[\w-]+\.[\w-]+$/))

/**
 * The fields of a successful token response the app uses, as both the code exchange and the
 * refresh grant check them: a non-empty `access_token`, `token_type` Bearer (any case),
 * `expires_in` an integer from 1 to {@link MAX_EXPIRES_IN_SECONDS} (no numeric strings), and
 * strings for `refresh_token` and `scope` when present. Each caller adds its own `id_token` rule.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-5.1
 */
export const TokenBodyEntries = {
  access_token: v.pipe(v.string(), v.nonEmpty()),
  token_type: v.pipe(
    v.string(),
    v.check((type) => type.toLowerCase() === 'bearer'),
  ),
  expires_in: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_EXPIRES_IN_SECONDS)),
  refresh_token: v.optional(v.pipe(v.string(), v.nonEmpty())),
  scope: v.optional(v.string()),
}

/** A token body that passed {@link TokenBodyEntries} (and an `id_token` rule). */
export interface CheckedTokenBody {
  readonly access_token: string
  readonly expires_in: number
  readonly refresh_token?: string | undefined
  readonly id_token?: string | undefined
  readonly scope?: string | undefined
}

/** The checked body as the app's {@link TokenSet}; absent optional fields become null. */
export function toTokenSet(tokens: CheckedTokenBody): TokenSet {
  return {
    accessToken: tokens.access_token,
    tokenType: 'Bearer',
    expiresIn: tokens.expires_in,
    refreshToken: tokens.refresh_token ?? null,
    idToken: tokens.id_token ?? null,
    scope: tokens.scope ?? null,
  }
}
