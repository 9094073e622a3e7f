import type { CookieJar } from './cookie.types'

/**
 * The cookies of a `Cookie` header or of `document.cookie`, read: the one cookie-header parser of
 * auth-core and the sign-in page (the session, the page's own jar, the server entry, the
 * `locale` cookie). Pairs are separated by `;`; a pair's name is the text before its first `=`,
 * its value the rest, both trimmed and neither decoded; a pair without `=` or without a name is
 * no cookie. `getAll` lists every copy of a name in header order (longer paths first), so a name
 * present twice, a copy tossed in by a sibling sub-domain, is seen; `get` answers only when there
 * is exactly one, as the contract says: a duplicated name means neither value.
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-5.4 (the Cookie header)
 * @see ../../../../shared/docs/contracts.md (a cookie name that appears more than once)
 */
export function readCookieHeader(header: string): Pick<CookieJar, 'get' | 'getAll'> {
  const getAll = (name: string): string[] => {
    const values: string[] = []
    if (name === '') return values
    for (const pair of header.split(';')) {
      const separator = pair.indexOf('=')
      // Stryker disable next-line EqualityOperator: a pair with an empty name is named '', which no one asks for
      if (separator > 0 && pair.slice(0, separator).trim() === name)
        values.push(pair.slice(separator + 1).trim())
    }
    return values
  }
  return {
    getAll,
    get(name) {
      const values = getAll(name)
      return values.length === 1 ? values[0] : undefined
    },
  }
}
