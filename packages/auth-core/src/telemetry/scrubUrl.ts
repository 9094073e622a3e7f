const ABSOLUTE_HTTP_URL = /^\s*https?:\/\//i

/**
 * A URL without its query and fragment, which is where codes, `state`, session tokens and ID-token
 * hints travel: an absolute http(s) URL becomes origin plus path (user and password dropped too);
 * a relative one (starting with `/`, `?` or `#`) keeps its path only. Any other string is returned
 * unchanged.
 * @see https://docs.sentry.io/platforms/javascript/data-management/sensitive-data/
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-4.2 (codes leak through URLs)
 */
export function scrubUrl(url: string): string {
  if (ABSOLUTE_HTTP_URL.test(url)) {
    try {
      const parsed = new URL(url)
      return parsed.origin + parsed.pathname
    } catch {
      return withoutParameters(url)
    }
  }
  return /^[/?#]/.test(url) ? withoutParameters(url) : url
}

function withoutParameters(url: string): string {
  const cut = url.search(/[?#]/)
  return cut === -1 ? url : url.slice(0, cut)
}
