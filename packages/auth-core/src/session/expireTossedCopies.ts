import type { CookieScopeConfig } from '../cookies/cookieRules'
import { planAncestorPathRemovals } from '../cookies/planCookieRemoval'
import type { CookieJar } from './session.types'

/**
 * For each of `names` that the page sees more than once (a copy tossed in by a sibling
 * sub-domain with `Domain={parent}; Path=/deeper`, which the browser lists before ours), expires
 * the copies at every ancestor path of the page (never ours at `Path=/`), then reads again.
 * Returns the names that are still ambiguous (a copy no removal of ours reaches, e.g. host-only on
 * this host): the caller must use neither value and make no request. A jar that throws counts as
 * no copy (its readers handle the throw); a removal that throws leaves its copy (never throws).
 * @param pagePath the current page's path (`location.pathname`).
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-8.6 (weak integrity: cookie tossing)
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-5.4 (longer paths listed first)
 */
export function expireTossedCopies(
  cookies: CookieJar,
  config: CookieScopeConfig,
  names: readonly string[],
  pagePath: string,
): string[] {
  const duplicated = (name: string): boolean => {
    let copies = 0
    try {
      copies = cookies.getAll(name).length
    } catch {
      // A jar that throws: no copy.
    }
    return copies > 1
  }
  const found = names.filter(duplicated)
  // Stryker disable next-line ConditionalExpression: a shortcut: with no name found, no removal is planned and none is read again
  if (found.length === 0) return []
  for (const removal of planAncestorPathRemovals(config, found, pagePath)) {
    try {
      cookies.remove(removal)
    } catch {
      // A removal the jar refuses leaves that copy: the name stays ambiguous below.
    }
  }
  return found.filter(duplicated)
}
