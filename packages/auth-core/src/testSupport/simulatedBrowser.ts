/**
 * A simulated browser for the session simulation (`session.simulation.property.test.ts`): virtual
 * time driven by the test, ONE cookie store for the parent domain as a browser keeps it (name,
 * Domain, Path; `document.cookie` lists what a page at its path sees, longer paths first), pages
 * (tabs) on several sub-site origins, each with its own clock skew, Web Locks per origin (the tabs
 * of one origin share them, different origins do not), seeded randomness, and a network whose
 * faults the test turns on and off. Pages expose the `window`-like object `browserSessionDeps`
 * takes, so the simulation also drives the browser shell (`browserCookieJar`, `browserLock`,
 * `browserWatchCookies`, `browserSleep`, `browserSchedule`).
 */

/** A seeded pseudo-random generator (mulberry32): the same seed, the same run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** Lets every settled promise's callbacks run (a macrotask turn drains the microtask queue). */
export async function drainMicrotasks(): Promise<void> {
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve))
}

interface Timer {
  readonly at: number
  readonly seq: number
  readonly run: () => void
  readonly owner: SimPage | null
}

/** More timer callbacks than this within one advance: something loops without time passing. */
const MAX_EVENTS_PER_ADVANCE = 20_000

/**
 * Virtual time: the provider's (true) time in epoch ms, and the timers of every page. Nothing
 * runs until the test advances it; each due timer runs at its own time, in order, and the promise
 * callbacks it starts run before the next one.
 */
export class VirtualTime {
  now: number
  private readonly timers = new Map<number, Timer>()
  private seq = 0
  /** Errors thrown by timer callbacks (a page's uncaught exceptions): reported, then ignored. */
  readonly uncaught: unknown[] = []
  /** When it returns true (a storm already recorded), time stops: the run ends early. */
  halted: () => boolean = () => false

  constructor(start: number) {
    this.now = start
  }

  add(run: () => void, ms: number, owner: SimPage | null): number {
    const id = ++this.seq
    const delay = Number.isFinite(ms) && ms > 0 ? ms : 0
    this.timers.set(id, { at: this.now + delay, seq: id, run, owner })
    return id
  }

  cancel(id: unknown): void {
    if (typeof id === 'number') this.timers.delete(id)
  }

  /** Drops every timer of a page that has gone (closed or navigated away). */
  dropOwner(owner: SimPage): void {
    for (const [id, timer] of this.timers) if (timer.owner === owner) this.timers.delete(id)
  }

  private next(until: number, worldOnly: boolean): [number, Timer] | null {
    let best: [number, Timer] | null = null
    for (const entry of this.timers) {
      const timer = entry[1]
      if (timer.at > until || (worldOnly && timer.owner !== null)) continue
      if (
        best === null ||
        timer.at < best[1].at ||
        (timer.at === best[1].at && timer.seq < best[1].seq)
      )
        best = entry
    }
    return best
  }

  /**
   * Moves time `ms` ahead, running each timer that falls due at its own time. With `jump` the
   * device slept meanwhile: the world's timers (requests on their way, the provider) run at their
   * own time, then every page's overdue timer fires on wake-up (late, once), as a browser's do.
   * @throws Error when timers keep firing without time passing (a loop).
   */
  async advance(ms: number, jump = false): Promise<void> {
    const until = this.now + ms
    if (jump) await this.run(until, true)
    await this.run(until, false)
  }

  private async run(until: number, worldOnly: boolean): Promise<void> {
    await drainMicrotasks()
    for (let events = 0; ; events++) {
      if (events > MAX_EVENTS_PER_ADVANCE)
        throw new Error(`more than ${MAX_EVENTS_PER_ADVANCE} timer callbacks before ${until}`)
      if (this.halted()) return
      const due = this.next(until, worldOnly)
      if (due === null) break
      this.timers.delete(due[0])
      this.now = Math.max(this.now, due[1].at)
      try {
        due[1].run()
      } catch (error) {
        this.uncaught.push(error)
      }
      await drainMicrotasks()
    }
    this.now = until
  }
}

/** One cookie as the browser stores it. */
export interface StoredCookie {
  readonly name: string
  readonly value: string
  /** Without the leading dot: `example.com`, or the host for a host-only cookie. */
  readonly domain: string
  readonly hostOnly: boolean
  readonly path: string
  /** True time (epoch ms) it expires at, or null for a session cookie. */
  readonly expiresAt: number | null
  readonly created: number
}

/** A write or removal through a page's `document.cookie`, as the store applied it. */
export interface CookieChange {
  readonly at: number
  readonly page: SimPage
  readonly cookie: StoredCookie
  /** True for `Max-Age=0` (a removal). */
  readonly removal: boolean
}

function domainMatches(host: string, cookie: StoredCookie): boolean {
  return cookie.hostOnly
    ? host === cookie.domain
    : host === cookie.domain || host.endsWith(`.${cookie.domain}`)
}

/** RFC 6265 section 5.1.4. */
export function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true
  if (!requestPath.startsWith(cookiePath)) return false
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/'
}

/**
 * The browser's cookie store for every host under the parent domain: cookies are kept by name,
 * Domain and Path; a write replaces the cookie with the same three, `Max-Age=0` deletes it; a page
 * sees the cookies whose Domain and Path match it, longer paths first, then older first.
 */
export class CookieStore {
  private cookies: StoredCookie[] = []
  private created = 0
  /** Called after every change (the Cookie Store API's `change` event, and the invariants). */
  readonly beforeWrite: ((change: CookieChange) => void)[] = []
  readonly afterChange: (() => void)[] = []
  /** True time of the last change of a token cookie (written, removed or run out). */
  lastTokenChange = 0

  constructor(private readonly time: VirtualTime) {}

  private live(): StoredCookie[] {
    const now = this.time.now
    this.cookies = this.cookies.filter((cookie) => {
      if (cookie.expiresAt === null || cookie.expiresAt > now) return true
      // A token cookie that ran out changed what a page sees (at any path).
      if (cookie.name === 'access_token' || cookie.name === 'refresh_token')
        this.lastTokenChange = Math.max(this.lastTokenChange, cookie.expiresAt)
      return false
    })
    return this.cookies
  }

  /** What a page at `host` and `path` sees, in `document.cookie` order. */
  visible(host: string, path: string): StoredCookie[] {
    return this.live()
      .filter((cookie) => domainMatches(host, cookie) && pathMatches(path, cookie.path))
      .sort((a, b) => b.path.length - a.path.length || a.created - b.created)
  }

  /** The cookie called `name` with this Domain and Path, if any. */
  find(name: string, domain: string, path: string): StoredCookie | undefined {
    return this.live().find(
      (cookie) =>
        cookie.name === name &&
        cookie.domain === domain &&
        !cookie.hostOnly &&
        cookie.path === path,
    )
  }

  /** Every cookie (for the tossing command and the reports). */
  all(): readonly StoredCookie[] {
    return this.live()
  }

  /** Writes a cookie as another program would (the sign-in page, a sibling tossing a copy). */
  put(cookie: Omit<StoredCookie, 'created'>): void {
    this.apply({ ...cookie, created: ++this.created }, false)
  }

  private apply(cookie: StoredCookie, removal: boolean): void {
    const same = (other: StoredCookie) =>
      other.name === cookie.name &&
      other.domain === cookie.domain &&
      other.hostOnly === cookie.hostOnly &&
      other.path === cookie.path
    const before = this.live().find(same)
    this.cookies = this.cookies.filter((other) => !same(other))
    if (!removal)
      this.cookies.push(before === undefined ? cookie : { ...cookie, created: before.created })
    // The browser tells the pages (Cookie Store API `change`) when a cookie runs out, as it does
    // when one is written or removed.
    if (!removal && cookie.expiresAt !== null)
      this.time.add(
        () => {
          const count = this.cookies.length
          if (this.live().length !== count) for (const listener of this.afterChange) listener()
        },
        cookie.expiresAt - this.time.now,
        null,
      )
    const changed = removal ? before !== undefined : before?.value !== cookie.value
    if (changed && (cookie.name === 'access_token' || cookie.name === 'refresh_token'))
      this.lastTokenChange = this.time.now
    if (changed) for (const listener of this.afterChange) listener()
  }

  /** `document.cookie = text` on a page at `host`: parsed as a browser parses `Set-Cookie`. */
  setFromPage(page: SimPage, text: string): void {
    const [pair = '', ...attributes] = text.split(';')
    const separator = pair.indexOf('=')
    if (separator <= 0) return
    const name = pair.slice(0, separator).trim()
    const value = pair.slice(separator + 1).trim()
    let domain: string | null = null
    let path: string | null = null
    let maxAge: number | null = null
    for (const attribute of attributes) {
      const [key = '', raw = ''] = attribute.split('=')
      const lower = key.trim().toLowerCase()
      if (lower === 'domain') domain = raw.trim().replace(/^\./, '').toLowerCase()
      else if (lower === 'path') path = raw.trim()
      else if (lower === 'max-age') maxAge = Number(raw.trim())
    }
    const host = page.host
    if (domain !== null && host !== domain && !host.endsWith(`.${domain}`)) return
    const cookie: StoredCookie = {
      name,
      value,
      domain: domain ?? host,
      hostOnly: domain === null,
      path: path !== null && path.startsWith('/') ? path : '/',
      expiresAt: maxAge === null ? null : this.time.now + maxAge * 1000,
      created: ++this.created,
    }
    const removal = maxAge !== null && maxAge <= 0
    for (const check of this.beforeWrite) check({ at: this.time.now, page, cookie, removal })
    this.apply(cookie, removal)
  }
}

/** Web Locks of one origin: a FIFO queue per lock name; a page that goes releases what it held. */
export class OriginLocks {
  private readonly held = new Map<string, { readonly page: SimPage }>()
  private readonly queues = new Map<
    string,
    { readonly page: SimPage; readonly start: () => void }[]
  >()

  request<T>(page: SimPage, name: string, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const grant = { page }
      const start = () => {
        this.held.set(name, grant)
        let running: Promise<T>
        try {
          running = Promise.resolve(task())
        } catch (error) {
          running = Promise.reject(error)
        }
        running.then(
          (value) => {
            this.release(name, grant)
            if (page.alive) resolve(value)
          },
          (error: unknown) => {
            this.release(name, grant)
            if (page.alive) reject(error)
          },
        )
      }
      const queue = this.queues.get(name) ?? []
      queue.push({ page, start })
      this.queues.set(name, queue)
      this.pump(name)
    })
  }

  private release(name: string, grant: { readonly page: SimPage }): void {
    if (this.held.get(name) !== grant) return
    this.held.delete(name)
    this.pump(name)
  }

  private pump(name: string): void {
    if (this.held.has(name)) return
    const queue = this.queues.get(name) ?? []
    for (;;) {
      const next = queue.shift()
      if (next === undefined) return
      if (!next.page.alive) continue
      // Granted asynchronously, as navigator.locks.request does.
      const granting = { page: next.page }
      this.held.set(name, granting)
      queueMicrotask(() => {
        if (this.held.get(name) !== granting) return
        this.held.delete(name)
        if (next.page.alive) next.start()
        else this.pump(name)
      })
      return
    }
  }

  /** The page is gone: its locks are released and its queued requests dropped. */
  pageGone(page: SimPage): void {
    for (const [name, grant] of [...this.held]) {
      if (grant.page !== page) continue
      this.held.delete(name)
      this.pump(name)
    }
    for (const queue of this.queues.values())
      for (let index = queue.length - 1; index >= 0; index--)
        if (queue[index]?.page === page) queue.splice(index, 1)
  }
}

/** What a page's `fetch` hands to the network: the request, its body text and the page. */
export interface OutgoingRequest {
  readonly page: SimPage
  readonly url: URL
  readonly method: string
  readonly headers: Headers
  readonly body: string
  readonly signal: AbortSignal
}

/** A page's `fetch`, provided by the world (routing, latency, faults). */
export type PageFetch = (request: OutgoingRequest) => Promise<Response>

type Listener = () => void

/** A tab showing one page of a sub-site: its origin, path, clock and browser objects. */
export class SimPage {
  alive = true
  readonly host: string
  private readonly windowListeners = new Map<string, Set<Listener>>()
  private readonly cookieStoreListeners = new Set<Listener>()

  constructor(
    readonly id: number,
    readonly origin: string,
    readonly path: string,
    /** This device's clock minus the true time, in ms. */
    readonly skewMs: number,
    /** Whether this browser has the Cookie Store API (change events), else the cookie poll. */
    readonly hasCookieStore: boolean,
    private readonly time: VirtualTime,
    private readonly store: CookieStore,
    private readonly locks: OriginLocks,
    private readonly random: () => number,
    private readonly send: PageFetch,
    private readonly onNavigate: (page: SimPage, url: string) => void,
  ) {
    this.host = new URL(origin).host
  }

  /** The page's clock: the true time plus this device's skew. */
  readonly now = (): number => this.time.now + this.skewMs

  readonly fetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init)
    const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text()
    if (!this.alive) return new Promise<Response>(() => undefined)
    return this.send({
      page: this,
      url: new URL(request.url),
      method: request.method,
      headers: request.headers,
      body,
      signal: request.signal,
    })
  }

  /** The objects `browserSessionDeps(window)` reads. */
  window() {
    const listeners = (type: string) => {
      let set = this.windowListeners.get(type)
      if (set === undefined) this.windowListeners.set(type, (set = new Set()))
      return set
    }
    const document = { visibilityState: 'visible', cookie: '' }
    Object.defineProperty(document, 'cookie', {
      get: (): string =>
        this.alive
          ? this.store
              .visible(this.host, this.path)
              .map((cookie) => `${cookie.name}=${cookie.value}`)
              .join('; ')
          : '',
      set: (text: string) => {
        if (this.alive) this.store.setFromPage(this, text)
      },
    })
    return {
      document,
      navigator: {
        locks: {
          request: <T>(name: string, task: () => Promise<T>) =>
            this.locks.request(this, name, task),
        },
      },
      location: {
        assign: (url: string) => {
          if (this.alive) this.onNavigate(this, url)
        },
        pathname: this.path,
      },
      crypto: {
        getRandomValues: (array: Uint8Array<ArrayBuffer>): Uint8Array => {
          for (let index = 0; index < array.length; index++)
            array[index] = Math.floor(this.random() * 256)
          return array
        },
      },
      setTimeout: (handler: () => void, timeout: number): unknown =>
        this.time.add(handler, timeout, this),
      clearTimeout: (handle: unknown) => this.time.cancel(handle),
      addEventListener: (type: string, listener: Listener) => listeners(type).add(listener),
      removeEventListener: (type: string, listener: Listener) => listeners(type).delete(listener),
      cookieStore: this.hasCookieStore
        ? {
            addEventListener: (type: string, listener: Listener) => {
              if (type === 'change') this.cookieStoreListeners.add(listener)
            },
            removeEventListener: (type: string, listener: Listener) => {
              if (type === 'change') this.cookieStoreListeners.delete(listener)
            },
          }
        : undefined,
    }
  }

  /** Fires a `window` event (`online`, `focus`) a moment from now. */
  dispatch(type: string): void {
    for (const listener of [...(this.windowListeners.get(type) ?? [])])
      this.time.add(listener, 0, this)
  }

  /** The Cookie Store API's `change` event, a moment after a cookie changed. */
  cookieChanged(): void {
    for (const listener of [...this.cookieStoreListeners]) this.time.add(listener, 0, this)
  }

  /** The page is gone: no more timers, cookie access, lock or answer. */
  close(): void {
    if (!this.alive) return
    this.alive = false
    this.time.dropOwner(this)
    this.locks.pageGone(this)
    this.windowListeners.clear()
    this.cookieStoreListeners.clear()
  }
}
