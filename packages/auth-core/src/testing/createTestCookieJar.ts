/**
 * An in-memory cookie jar for tests: each cookie is kept by name, Domain and Path, as a browser
 * keeps it, so a test can hold two copies of one name (a sibling sub-domain's tossed
 * `access_token` at a deeper Path) and see what the session does with them.
 */
import type { CookieRemoval, CookieWrite } from '../cookies/cookie.types'
import type { CookieJar } from '../session/session.types'

/** One cookie in a {@link TestCookieJar}. */
export interface TestCookie {
  readonly name: string
  readonly value: string
  /** The Domain attribute (`.example.com`), or null for a host-only cookie. */
  readonly domain: string | null
  readonly path: string
  /** When it expires (epoch ms, from `Max-Age` and the jar's clock), or null for a session cookie. */
  readonly expiresAtMs: number | null
}

/** Where {@link TestCookieJar.put} plants a cookie; by default the jar's own Domain and `/`. */
export interface TestCookieScope {
  /** A Domain (`.example.com`), or null for host-only. Defaults to the jar's `domain`. */
  readonly domain?: string | null
  /** Defaults to `/`. */
  readonly path?: string
}

/** What {@link createTestCookieJar} starts from. */
export interface TestCookieJarOptions {
  /**
   * The Domain of the cookies the jar starts with and of `put` without a scope: the session's
   * parent domain (`.example.com`), or null (default) for host-only cookies as in local mode.
   */
  readonly domain?: string | null
  /** A clock (epoch ms): with it, a cookie written with `Max-Age` disappears when it runs out. */
  readonly now?: () => number
}

/** A {@link CookieJar} that keeps every copy and records every write and removal. */
export interface TestCookieJar extends CookieJar {
  /** Every value of `name`, deeper Paths first (the order of `document.cookie`). */
  getAll(name: string): string[]
  /** Plants a cookie as another page would write it (another sub-site, a sibling's tossed copy). */
  put(name: string, value: string, scope?: TestCookieScope): void
  /** Every cookie the jar holds, in the order `getAll` lists them. */
  list(): readonly TestCookie[]
  /** The `Cookie` header a request carrying all these cookies sends: `a=1; b=2`. */
  cookieHeader(): string
  /** Every `set` call, in order. */
  readonly writes: readonly CookieWrite[]
  /** Every `remove` call, in order. */
  readonly removals: readonly CookieRemoval[]
}

/**
 * A {@link TestCookieJar} holding `initial` (name → value) at the jar's Domain and Path `/`.
 * `get(name)` answers as `browserCookieJar` does: the value when there is exactly one copy, else
 * `undefined` (none, or a duplicate: a damaged session). `set` replaces the copy with the same
 * name, Domain and Path (and a `Max-Age` of 0 deletes it); `remove` deletes only that copy, as
 * `Max-Age=0` does in a browser. The jar does not model the page's URL: every copy is visible.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-5.3 (storage: name, domain and path)
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-5.4 (longer paths listed first)
 */
export function createTestCookieJar(
  initial: Readonly<Record<string, string>> = {},
  options: TestCookieJarOptions = {},
): TestCookieJar {
  const defaultDomain = options.domain ?? null
  let cookies: TestCookie[] = []
  const writes: CookieWrite[] = []
  const removals: CookieRemoval[] = []

  const same = (cookie: TestCookie, name: string, domain: string | null, path: string) =>
    cookie.name === name && cookie.domain === domain && cookie.path === path
  const store = (cookie: TestCookie) => {
    cookies = cookies.filter((old) => !same(old, cookie.name, cookie.domain, cookie.path))
    if (
      cookie.expiresAtMs === null ||
      options.now === undefined ||
      cookie.expiresAtMs > options.now()
    )
      cookies.push(cookie)
  }
  const live = (): TestCookie[] => {
    const nowMs = options.now?.()
    const alive = cookies.filter(
      (cookie) => nowMs === undefined || cookie.expiresAtMs === null || cookie.expiresAtMs > nowMs,
    )
    // Stable: among equal paths, the older cookie first.
    return [...alive].sort((a, b) => b.path.length - a.path.length)
  }
  const getAll = (name: string) =>
    live()
      .filter((cookie) => cookie.name === name)
      .map((cookie) => cookie.value)
  const put = (name: string, value: string, scope: TestCookieScope = {}) =>
    store({
      name,
      value,
      domain: scope.domain === undefined ? defaultDomain : scope.domain,
      path: scope.path ?? '/',
      expiresAtMs: null,
    })

  for (const [name, value] of Object.entries(initial)) put(name, value)

  return {
    get(name) {
      const values = getAll(name)
      return values.length === 1 ? values[0] : undefined
    },
    getAll,
    put,
    set(write) {
      writes.push(write)
      const expiresAtMs =
        write.maxAgeSeconds === undefined
          ? null
          : (options.now?.() ?? 0) + write.maxAgeSeconds * 1000
      if (write.maxAgeSeconds !== undefined && write.maxAgeSeconds <= 0)
        cookies = cookies.filter((old) => !same(old, write.name, write.domain ?? null, write.path))
      else
        store({
          name: write.name,
          value: write.value,
          domain: write.domain ?? null,
          path: write.path,
          expiresAtMs: options.now === undefined ? null : expiresAtMs,
        })
    },
    remove(removal) {
      removals.push(removal)
      cookies = cookies.filter(
        (old) => !same(old, removal.name, removal.domain ?? null, removal.path),
      )
    },
    list: live,
    cookieHeader: () =>
      live()
        .map((cookie) => `${cookie.name}=${cookie.value}`)
        .join('; '),
    writes,
    removals,
  }
}
