/**
 * Cookies through js-cookie, per auth-core's cookie plan: every attribute comes from the plan.
 * Values are written verbatim (auth-core has already refused anything that is not a plain cookie
 * value), so a token reaches the sub-sites byte for byte.
 */
import Cookies from 'js-cookie'
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

const verbatim = Cookies.withConverter<string>({
  write: (value) => value,
  read: (value) => value,
})

/** js-cookie writes attributes it does not know as `; name=value`, so `max-age` goes out as is. */
export function cookieAttributes(cookie: CookieWrite): Cookies.CookieAttributes {
  return {
    ...(cookie.domain === undefined ? {} : { domain: cookie.domain }),
    path: cookie.path,
    secure: cookie.secure,
    sameSite: cookie.sameSite,
    ...(cookie.maxAgeSeconds === undefined ? {} : { 'max-age': String(cookie.maxAgeSeconds) }),
  }
}

/** The {@link CookieJar} of this document. */
export function createCookieJar(): CookieJar {
  return {
    read: (name) => verbatim.get(name) ?? null,
    write: (cookie) => verbatim.set(cookie.name, cookie.value, cookieAttributes(cookie)) ?? '',
    header: () => document.cookie,
    remove: (cookie) =>
      verbatim.remove(cookie.name, {
        path: cookie.path,
        ...(cookie.domain === undefined ? {} : { domain: cookie.domain }),
      }),
  }
}
