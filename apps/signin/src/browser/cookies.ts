/**
 * The page's cookies: auth-core's `browserCookieJar` over `document.cookie`, the jar every
 * sub-site's session uses, so the page, the session, the server entry and the `locale` cookie
 * read with one parser and write the same strings (`serializeCookie`: `name=value; Domain=…;
 * Path=/; Max-Age=…; Secure; SameSite=Lax`, a removal with `Max-Age=0`). Every attribute comes
 * from auth-core's cookie plan; values are written and read verbatim (auth-core has already
 * refused anything that is not a plain cookie value), so a token reaches the sub-sites byte for
 * byte. `get` answers only for a name present once (a duplicated name means neither value);
 * `getAll` lists every copy.
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-5.2
 */
import { browserCookieJar } from '@mapping-platform/auth-core'
import type { CookieJar } from '@mapping-platform/auth-core'

export type { CookieJar } from '@mapping-platform/auth-core'

/** The {@link CookieJar} of this document. */
export function createCookieJar(): CookieJar {
  return browserCookieJar(document)
}
