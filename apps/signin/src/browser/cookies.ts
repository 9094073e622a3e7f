/**
 * Cookies over `document.cookie`, per auth-core's cookie plan: every attribute comes from the
 * plan. Values are written and read verbatim (auth-core has already refused anything that is not
 * a plain cookie value), so a token reaches the sub-sites byte for byte. The strings are the ones
 * js-cookie 3 wrote with a verbatim converter (the page used it before; this is the part it used):
 * `name=value; path=…; domain=…; secure; sameSite=…; max-age=…`, a removal with `expires` a day
 * ago; a read takes the one cookie of that name in `document.cookie` (none when duplicated).
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-5.2
 */
import type { CookieRemoval, CookieWrite } from '@mapping-platform/auth-core'

export interface CookieJar {
  /** The cookie's value, or null when absent. */
  read(name: string): string | null
  /** Writes the cookie and returns the exact string given to `document.cookie`. */
  write(cookie: CookieWrite): string
  remove(cookie: CookieRemoval): void
  /** The whole `Cookie` header as the page sees it (`document.cookie`), for the session check. */
  header?(): string
}

type Attributes = Readonly<Record<string, string | boolean | undefined>>

/** The attributes of a write, in the order they are written (`path` first). */
export function cookieAttributes(cookie: CookieWrite): Attributes {
  return {
    path: cookie.path,
    domain: cookie.domain,
    secure: cookie.secure,
    sameSite: cookie.sameSite,
    'max-age': cookie.maxAgeSeconds === undefined ? undefined : String(cookie.maxAgeSeconds),
  }
}

/** A cookie name as an RFC 6265 token: percent-encoded but for the token characters. */
function encodeName(name: string): string {
  return encodeURIComponent(name)
    .replace(/%(2[346B]|5E|60|7C)/g, decodeURIComponent)
    .replace(/[()]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
}

/** Assigns `name=value` and the attributes that are set (`; secure` for true) to the document. */
function set(name: string, value: string, attributes: Attributes): string {
  let text = `${encodeName(name)}=${value}`
  for (const [key, attribute] of Object.entries(attributes)) {
    if (!attribute) continue
    text += `; ${key}`
    if (attribute !== true) text += `=${attribute.split(';')[0]}`
  }
  document.cookie = text
  return text
}

/**
 * The value of the one cookie called `name` in `document.cookie`, or null: also when the name is
 * there more than once (a copy tossed in by a sibling sub-domain), as the contract says: a
 * duplicated name means neither value (first-wins would let the copy the browser lists first win).
 * @see ../../../../shared/docs/contracts.md (a cookie name that appears more than once)
 */
function get(name: string): string | null {
  let found: string | null = null
  // An empty `document.cookie` splits into one empty pair, named '' (never a name asked for).
  for (const pair of document.cookie.split('; ')) {
    const [key = '', ...value] = pair.split('=')
    try {
      if (decodeURIComponent(key) === name) {
        if (found !== null) return null
        found = value.join('=')
      }
    } catch {
      // A name that is not valid percent-encoding is no cookie of ours.
    }
  }
  return found
}

/** The {@link CookieJar} of this document. */
export function createCookieJar(): CookieJar {
  return {
    read: get,
    write: (cookie) => set(cookie.name, cookie.value, cookieAttributes(cookie)),
    header: () => document.cookie,
    remove: (cookie) =>
      void set(cookie.name, '', {
        path: cookie.path,
        domain: cookie.domain,
        expires: new Date(Date.now() - 864e5).toUTCString(),
      }),
  }
}
