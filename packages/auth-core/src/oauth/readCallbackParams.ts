import type { CallbackParams } from './oauth.types'

/** What the page reads from the fragment (the identity provider answers with `response_mode=fragment`). */
const FRAGMENT_NAMES = ['code', 'id_token', 'state', 'error', 'error_description'] as const
/** What the page reads from the query (Google's return, and our own logout return with an error). */
const QUERY_NAMES = ['code', 'state', 'error', 'error_description'] as const

/**
 * Reads the return parameters from the page URL (spec section 2): `code`, `id_token`, `state`,
 * `error` and `error_description` from the fragment; `code`, `error`, `state` and
 * `error_description` from the query. The fragment wins when it carries any of those names;
 * otherwise the query; `null` when neither does (a step hash such as `#sign-in` is not a callback).
 *
 * Values are returned decoded and verbatim (`''` stays `''`; `null` means absent): they are data,
 * never markup, and `error_description` must only ever be rendered as text. Nothing is validated
 * here except that names given more than once are listed in `duplicated`; the token request
 * refuses such a callback.
 *
 * @param hash - `location.hash`, with or without its leading `#`.
 * @param search - `location.search`, with or without its leading `?`.
 * @see ../../../../../shared/spec/signin-spec.md section 2
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2 (authorization response)
 * @see https://openid.net/specs/oauth-v2-multiple-response-types-1_0.html#ResponseModes (fragment)
 */
export function readCallbackParams(hash: string, search: string): CallbackParams | null {
  return (
    fromParameterString('fragment', hash.replace(/^#/, ''), FRAGMENT_NAMES) ??
    fromParameterString('query', search.replace(/^\?/, ''), QUERY_NAMES)
  )
}

function fromParameterString(
  source: CallbackParams['source'],
  raw: string,
  names: readonly string[],
): CallbackParams | null {
  const params = new URLSearchParams(raw)
  if (!names.some((name) => params.has(name))) return null
  const read = (name: string): string | null => (names.includes(name) ? params.get(name) : null)
  return {
    source,
    raw,
    code: read('code'),
    idToken: read('id_token'),
    state: read('state'),
    error: read('error'),
    errorDescription: read('error_description'),
    duplicated: names.filter((name) => params.getAll(name).length > 1),
  }
}
