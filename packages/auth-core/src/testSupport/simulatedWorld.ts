/**
 * The world of the session simulation (`session.simulation.property.test.ts`): the simulated
 * browser (`simulatedBrowser.ts`), a fake Okta custom authorization server with refresh-token
 * rotation and NO grace period (a used refresh token is dead; presenting it again answers
 * `400 invalid_grant` and, as Okta's reuse detection does, ends the whole token family), RFC 7009
 * revocation and userinfo, an API origin that checks the access token and records who each request
 * was sent as, third-party origins that record any `Authorization` header, and network faults.
 * Every guarantee the simulation checks is recorded here as a violation the moment it happens.
 * @see https://developer.okta.com/docs/guides/refresh-tokens/main/#refresh-token-rotation
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2 (rotation and replay detection)
 * @see https://www.rfc-editor.org/rfc/rfc7009 (revocation)
 */
import { oauthEndpointsFor } from '../oauth/authorizationServerFor'
import type { SessionConfig } from '../session/session.types'
import { fakeAccessToken, fakeIdToken } from '../testing/fakeTokens'
import { CookieStore, OriginLocks, SimPage, VirtualTime, seededRandom } from './simulatedBrowser'
import type { OutgoingRequest, StoredCookie } from './simulatedBrowser'

/** The API the sub-sites name to the authenticated fetch. */
export const API_ORIGIN = 'https://api.example.com'
/** Origins the token must never reach: another site, plain HTTP to the API host, a sibling sub-site. */
export const THIRD_PARTY_URLS = [
  'https://tiles.example.net/7/66/42.png',
  'http://api.example.com/items',
  'https://evil.example.com/next-page',
] as const

/** How the simulated network fails a request (what `fetch` rejects with in a browser). */
export class NetworkFailure extends TypeError {}

/** A person who signs in. */
export interface Person {
  readonly subject: string
  readonly name: string
}

/** People take turns at the shared computer. */
export const PEOPLE: readonly Person[] = [
  { subject: 'ada@example.com', name: 'Ada Lovelace' },
  { subject: 'bob@example.com', name: 'Bob Kahn' },
]

/** A network fault the test turns on for a while. */
export type FaultKind =
  /** Every request fails before it leaves (`TypeError: Failed to fetch`). */
  | 'offline'
  /** The provider processes the request, its answer is lost (a reset, or a hang until the timeout). */
  | 'lost'
  /** The provider answers after 20 s (the session's timeout is 15 s). */
  | 'slow'
  /** The provider answers 503 without processing anything. */
  | 'unavailable'
  /** The API answers 401 to every request (a key rotation on its side). */
  | 'api401'

/** One sign-in: the tokens the provider issued from it descend from it. */
interface Family {
  readonly index: number
  readonly person: Person
  revoked: boolean
  issued: number
}

interface RefreshTokenInfo {
  readonly family: Family
  used: boolean
}

interface AccessTokenInfo {
  readonly family: Family
  readonly expiresAtMs: number
  revoked: boolean
}

/** A refresh token presented at the token endpoint, and what became of the answer. */
interface Presentation {
  readonly refreshToken: string
  readonly page: SimPage
  /** `inflight` until the answer reached the page (`answered`) or never will (`lost`). */
  outcome: 'inflight' | 'answered' | 'lost' | 'unprocessed'
}

/** What the world starts from. */
export interface WorldOptions {
  readonly config: SessionConfig
  readonly seed: number
  /** True time at the start, epoch ms. */
  readonly startMs: number
  /** Lifetime of the access tokens the provider issues, seconds. */
  readonly accessTokenTtlSeconds: number
}

const ID_TOKEN_TTL_S = 3600
/** Token requests within a minute that stop the run: a storm, many times any sensible ceiling. */
const STORM = 60
const REFRESH_TOKEN_MAX_AGE_S = 7 * 24 * 3600

export class SimulatedWorld {
  readonly time: VirtualTime
  readonly store: CookieStore
  readonly random: () => number
  readonly pages: SimPage[] = []
  /** Every guarantee broken so far, with when and where. */
  readonly violations: string[] = []
  /** True times at which a token request reached the provider. */
  readonly tokenArrivals: number[] = []
  private readonly locks = new Map<string, OriginLocks>()
  private readonly families: Family[] = []
  private readonly refreshTokens = new Map<string, RefreshTokenInfo>()
  private readonly accessTokens = new Map<string, AccessTokenInfo>()
  private readonly presentations: Presentation[] = []
  private readonly apiSends = new Map<string, (string | null)[]>()
  private readonly faults: { kind: FaultKind; until: number }[] = []
  private readonly endpoints: ReturnType<typeof oauthEndpointsFor>
  private readonly parentDomain: string
  private nextPageId = 0
  /** Tells what happens, line by line (`SIM_TRACE=1` when reproducing a counterexample). */
  trace: ((line: string) => void) | null = null
  /** Called when a page navigates (sign-in page, provider logout): the test reloads the tab. */
  onNavigate: (page: SimPage, url: string) => void = (page) => this.closePage(page)

  constructor(private readonly options: WorldOptions) {
    this.time = new VirtualTime(options.startMs)
    this.store = new CookieStore(this.time)
    this.random = seededRandom(options.seed)
    this.endpoints = oauthEndpointsFor(options.config)
    this.parentDomain = options.config.parentDomain.replace(/^\./, '')
    this.store.afterChange.push(() => {
      for (const page of this.pages) if (page.alive) page.cookieChanged()
    })
    this.store.beforeWrite.push((change) =>
      this.checkCookieWrite(change.page, change.cookie, change.removal),
    )
    // A storm (many times the ceiling) is recorded once the step ends; nothing after it can tell more.
    this.time.halted = () =>
      this.tokenArrivals.length >= STORM && this.recentTokenRequests() >= STORM
  }

  /* --- People and the sign-in page --- */

  /** The sign-in family the latest sign-in started, or null before any. */
  get latestFamily(): number | null {
    return this.families.at(-1)?.index ?? null
  }

  /**
   * A person signs in on the sign-in page: the provider issues a new token family and the page
   * writes both token cookies at `Path=/` on the parent domain (`planTokenCookies`). With
   * `revokePrevious` ("Sign in with a different account") the tokens in the cookies are revoked
   * first.
   */
  signIn(revokePrevious: boolean): Person {
    if (revokePrevious) {
      const previous = this.cookieAt('refresh_token', '/')
      if (previous !== undefined) this.revoke(previous.value)
    }
    const person = PEOPLE[this.families.length % PEOPLE.length] as Person
    const family: Family = { index: this.families.length, person, revoked: false, issued: 0 }
    this.families.push(family)
    const { accessToken, refreshToken } = this.issue(family)
    const cookie = (name: string, value: string, maxAge: number) =>
      this.store.put({
        name,
        value,
        domain: this.parentDomain,
        hostOnly: false,
        path: '/',
        expiresAt: this.time.now + maxAge * 1000,
      })
    cookie('access_token', accessToken, this.options.accessTokenTtlSeconds)
    cookie('refresh_token', refreshToken, REFRESH_TOKEN_MAX_AGE_S)
    return person
  }

  /**
   * A sibling sub-domain tosses a copy of a token cookie in at a deeper path (`Domain={parent};
   * Path=/maps`): `value` is one the provider issued earlier, or the current one.
   */
  toss(name: 'access_token' | 'refresh_token', path: string, which: 'previous' | 'current'): void {
    const current = this.cookieAt(name, '/')?.value
    const earlier = [...(name === 'access_token' ? this.accessTokens : this.refreshTokens).keys()]
    const previous = earlier.find((value) => value !== current)
    const value = which === 'current' ? (current ?? previous) : (previous ?? current)
    if (value === undefined) return
    this.store.put({
      name,
      value,
      domain: this.parentDomain,
      hostOnly: false,
      path,
      expiresAt: this.time.now + 3600_000,
    })
  }

  /** The platform's own copy of `name` (parent domain, `path`). */
  cookieAt(name: string, path: string): StoredCookie | undefined {
    return this.store.find(name, this.parentDomain, path)
  }

  /**
   * The session the cookies at `Path=/` hold, as the provider knows it: signed out, or a person
   * with the access token's expiry (null without an access token).
   */
  cookieSession(): { readonly person: string | null; readonly expiresAtMs: number | null } | null {
    const access = this.cookieAt('access_token', '/')
    const refresh = this.cookieAt('refresh_token', '/')
    if (access === undefined && refresh === undefined) return null
    const accessInfo = access === undefined ? undefined : this.accessTokens.get(access.value)
    const refreshInfo = refresh === undefined ? undefined : this.refreshTokens.get(refresh.value)
    const person = (accessInfo ?? refreshInfo)?.family.person.subject ?? null
    return { person, expiresAtMs: accessInfo?.expiresAtMs ?? null }
  }

  /**
   * Whether the page sees a token cookie only as a copy at a deeper path (ours at `Path=/` gone):
   * nothing in `document.cookie` tells it from ours.
   */
  loneTossedCopy(page: SimPage): boolean {
    const visible = this.store.visible(page.host, page.path)
    return ['access_token', 'refresh_token'].some(
      (name) =>
        visible.some((cookie) => cookie.name === name && cookie.path !== '/') &&
        !visible.some((cookie) => cookie.name === name && cookie.path === '/'),
    )
  }

  /** The person a token value was issued to, or null for a value the provider never issued. */
  familyOf(token: string): Family | null {
    return this.accessTokens.get(token)?.family ?? this.refreshTokens.get(token)?.family ?? null
  }

  /* --- Pages --- */

  private locksOf(origin: string): OriginLocks {
    let locks = this.locks.get(origin)
    if (locks === undefined) this.locks.set(origin, (locks = new OriginLocks()))
    return locks
  }

  openPage(origin: string, path: string, skewMs: number, hasCookieStore: boolean): SimPage {
    const page = new SimPage(
      this.nextPageId++,
      origin,
      path,
      skewMs,
      hasCookieStore,
      this.time,
      this.store,
      this.locksOf(origin),
      this.random,
      (request) => this.send(request),
      (from, url) => this.onNavigate(from, url),
    )
    this.pages.push(page)
    return page
  }

  /** The tab closes (or navigates away): its answers in flight are lost to it. */
  closePage(page: SimPage): void {
    page.close()
    for (const presentation of this.presentations)
      if (presentation.page === page && presentation.outcome === 'inflight')
        presentation.outcome = 'lost'
  }

  /* --- Faults --- */

  fault(kind: FaultKind, ms: number): void {
    this.faults.push({ kind, until: this.time.now + ms })
  }

  /** Every fault ends now; pages hear `online` (a browser fires it when the network is back). */
  endFaults(): void {
    const wasOffline = this.faults.some(
      (fault) => fault.kind === 'offline' && fault.until > this.time.now,
    )
    this.faults.length = 0
    if (wasOffline) for (const page of this.pages) if (page.alive) page.dispatch('online')
  }

  private faulty(kind: FaultKind): boolean {
    return this.faults.some((fault) => fault.kind === kind && fault.until > this.time.now)
  }

  /* --- The network --- */

  private latency(): number {
    return 5 + Math.floor(this.random() * 200)
  }

  private send(request: OutgoingRequest): Promise<Response> {
    const { page, signal } = request
    return new Promise<Response>((resolve, reject) => {
      let done = false
      let lost: (() => void) | null = null
      const fail = (reason: unknown) => {
        if (done) return
        done = true
        lost?.()
        reject(reason)
      }
      if (signal.aborted) {
        fail(signal.reason)
        return
      }
      signal.addEventListener('abort', () => fail(signal.reason), { once: true })
      if (this.faulty('offline')) {
        this.time.add(() => fail(new NetworkFailure('Failed to fetch')), this.latency(), page)
        return
      }
      const toProvider = request.url.origin === new URL(this.endpoints.issuer).origin
      const fromLoneCopy = this.loneTossedCopy(page)
      // The request has left: the server gets it even if the page goes meanwhile.
      this.time.add(
        () => {
          if (done) return
          const answer = this.handle(request, fromLoneCopy)
          lost = answer.lost
          if (toProvider && this.faulty('lost')) {
            answer.lost()
            if (this.random() < 0.5)
              this.time.add(
                () => fail(new NetworkFailure('The network connection was lost.')),
                this.latency(),
                page,
              )
            return
          }
          const delay = toProvider && this.faulty('slow') ? 20_000 : this.latency()
          this.time.add(
            () => {
              if (done) return
              done = true
              // A page that has gone never reads the answer.
              if (!page.alive) {
                answer.lost()
                return
              }
              answer.delivered()
              resolve(answer.response())
            },
            delay,
            page,
          )
        },
        this.latency(),
        null,
      )
    })
  }

  private handle(request: OutgoingRequest, fromLoneCopy: boolean): Answer {
    const { url } = request
    this.trace?.(
      `+${this.time.now - this.options.startMs} page ${request.page.id} ${request.method} ${url.href} ${request.body.replace(/client_id=[^&]*/, '')} ${request.headers.get('authorization')?.slice(0, 20) ?? ''}`,
    )
    const path = `${url.origin}${url.pathname}`
    if (url.origin === new URL(this.endpoints.issuer).origin) {
      if (this.faulty('unavailable')) return plain(new Response('busy', { status: 503 }))
      if (path === this.endpoints.tokenEndpoint && request.method === 'POST')
        return this.token(request, fromLoneCopy)
      if (path === this.endpoints.revocationEndpoint && request.method === 'POST') {
        this.revoke(new URLSearchParams(request.body).get('token') ?? '')
        return plain(new Response(null, { status: 200 }))
      }
      if (path === this.endpoints.userinfoEndpoint) return plain(this.userinfo(request))
      return plain(json({ errorCode: 'E0000022' }, 404))
    }
    if (url.origin === API_ORIGIN) return plain(this.api(request))
    const authorization = request.headers.get('authorization')
    if (authorization !== null)
      this.violate(
        'b',
        `page ${request.page.id} (${request.page.origin}) sent Authorization to ${url.href}`,
      )
    return plain(new Response('ok', { status: 200 }))
  }

  /* --- The provider --- */

  private issue(family: Family): { accessToken: string; refreshToken: string } {
    family.issued += 1
    const n = family.issued
    const iat = Math.floor(this.time.now / 1000)
    const exp = iat + this.options.accessTokenTtlSeconds
    const accessToken = fakeAccessToken({
      jti: `AT.${family.index}.${n}`,
      sub: family.person.subject,
      email: family.person.subject,
      cid: this.options.config.clientId,
      iss: this.endpoints.issuer,
      iat,
      exp,
    })
    const refreshToken = `rt-${family.index}-${n}`
    this.accessTokens.set(accessToken, { family, expiresAtMs: exp * 1000, revoked: false })
    this.refreshTokens.set(refreshToken, { family, used: false })
    return { accessToken, refreshToken }
  }

  private revoke(token: string): void {
    const refresh = this.refreshTokens.get(token)
    if (refresh !== undefined) refresh.family.revoked = true
    const access = this.accessTokens.get(token)
    if (access !== undefined) access.revoked = true
  }

  private token(request: OutgoingRequest, fromLoneCopy: boolean): Answer {
    const form = new URLSearchParams(request.body)
    this.tokenArrivals.push(this.time.now)
    if (form.get('grant_type') !== 'refresh_token')
      return plain(json({ error: 'unsupported_grant_type' }, 400))
    if (form.get('client_id') !== this.options.config.clientId)
      return plain(json({ error: 'invalid_client' }, 401))
    const presented = form.get('refresh_token') ?? ''
    // A sibling's copy the page sees alone (ours gone) is indistinguishable from ours: what the
    // page presents from it is the sibling's doing, not a second refresh of the library's.
    const earlier = this.presentations.filter(
      (presentation) =>
        !fromLoneCopy &&
        presentation.refreshToken === presented &&
        (presentation.outcome === 'answered' || presentation.outcome === 'inflight'),
    )
    if (earlier.length > 0)
      this.violate(
        'f',
        `page ${request.page.id} (${request.page.origin}) presented ${presented} again; it was ${earlier
          .map((presentation) => `${presentation.outcome} to page ${presentation.page.id}`)
          .join(', ')}`,
      )
    const presentation: Presentation = {
      refreshToken: presented,
      page: request.page,
      outcome: 'inflight',
    }
    this.presentations.push(presentation)
    const settle = (outcome: 'answered' | 'lost') => () => {
      if (presentation.outcome === 'inflight') presentation.outcome = outcome
    }
    const info = this.refreshTokens.get(presented)
    const refuse = () => ({
      response: () =>
        json(
          { error: 'invalid_grant', error_description: 'The refresh token is invalid or expired.' },
          400,
        ),
      delivered: settle('answered'),
      lost: settle('lost'),
    })
    if (info === undefined) return refuse()
    if (info.used) {
      // Reuse detection: the most recent refresh token and every access token of the family end.
      this.endFamily(info.family)
      return refuse()
    }
    if (info.family.revoked) return refuse()
    info.used = true
    const { accessToken, refreshToken } = this.issue(info.family)
    const iat = Math.floor(this.time.now / 1000)
    const body = {
      token_type: 'Bearer',
      expires_in: this.options.accessTokenTtlSeconds,
      access_token: accessToken,
      refresh_token: refreshToken,
      scope: 'openid email profile offline_access',
      id_token: fakeIdToken(this.options.config, {
        sub: `00u-${info.family.person.subject}`,
        iat,
        exp: iat + ID_TOKEN_TTL_S,
        name: info.family.person.name,
        email: info.family.person.subject,
      }),
    }
    return { response: () => json(body), delivered: settle('answered'), lost: settle('lost') }
  }

  private endFamily(family: Family): void {
    family.revoked = true
    for (const info of this.accessTokens.values()) if (info.family === family) info.revoked = true
  }

  /** Whether the provider (and so the API) accepts this access token now. */
  private accepts(token: string | undefined): AccessTokenInfo | null {
    const info = token === undefined ? undefined : this.accessTokens.get(token)
    if (info === undefined || info.revoked || info.family.revoked) return null
    return info.expiresAtMs > this.time.now ? info : null
  }

  private userinfo(request: OutgoingRequest): Response {
    const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1]
    const info = this.accepts(token)
    if (info === null)
      return new Response(null, {
        status: 401,
        headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
      })
    const { person } = info.family
    return json({ sub: person.subject, name: person.name, email: person.subject })
  }

  /* --- The API --- */

  private api(request: OutgoingRequest): Response {
    const id = request.headers.get('x-request-id') ?? '?'
    const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1]
    const subject = token === undefined ? null : (this.familyOf(token)?.person.subject ?? null)
    const sends = this.apiSends.get(id) ?? []
    sends.push(subject)
    this.apiSends.set(id, sends)
    if (sends.length > 1 && sends.some((other) => other !== sends[0]))
      this.violate(
        'e',
        `API request ${id} from page ${request.page.id} was sent as ${sends.map(String).join(', then as ')}`,
      )
    if (this.faulty('api401') || this.accepts(token) === null)
      return new Response(null, {
        status: 401,
        headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
      })
    return json({ ok: true }, request.method === 'POST' ? 201 : 200)
  }

  /* --- Guarantees --- */

  violate(invariant: string, message: string): void {
    this.violations.push(
      `(${invariant}) at +${this.time.now - this.options.startMs} ms: ${message}`,
    )
  }

  /**
   * (a) A page writes a token cookie at `Path=/` only over the session it refreshed: the value
   * descends from the latest sign-in, and the refresh cookie it replaces is of the same sign-in
   * (never an earlier person's tokens after a later sign-in, never a session brought back after
   * it ended).
   */
  private checkCookieWrite(page: SimPage, cookie: StoredCookie, removal: boolean): void {
    this.trace?.(
      `+${this.time.now - this.options.startMs} page ${page.id} ${removal ? 'removes' : 'writes'} ${cookie.name}${removal ? '' : `=${cookie.value.slice(-12)}`} at ${cookie.path}`,
    )
    if (removal || cookie.path !== '/') return
    if (cookie.name !== 'access_token' && cookie.name !== 'refresh_token') return
    // Refreshed from a sibling's copy the page sees alone: the sibling could as well have written
    // at Path=/ itself (same Domain); no page can refuse what it cannot tell from its own.
    if (this.loneTossedCopy(page)) return
    const family = this.familyOf(cookie.value)
    const where = `page ${page.id} (${page.origin}${page.path})`
    if (family === null) {
      this.violate('a', `${where} wrote a ${cookie.name} the provider never issued`)
      return
    }
    const latest = this.latestFamily
    if (latest !== null && family.index < latest)
      this.violate(
        'a',
        `${where} wrote ${family.person.subject}'s ${cookie.name} (sign-in #${family.index}) after sign-in #${latest} (${this.families[latest]?.person.subject})`,
      )
    const replaced = this.cookieAt('refresh_token', '/')
    const replacedFamily = replaced === undefined ? null : this.familyOf(replaced.value)
    if (replacedFamily !== family)
      this.violate(
        'a',
        `${where} wrote sign-in #${family.index}'s ${cookie.name} over ${
          replaced === undefined ? 'no session' : `sign-in #${replacedFamily?.index ?? '?'}'s`
        }`,
      )
  }

  /** Token requests that reached the provider within the last minute of its time. */
  private recentTokenRequests(): number {
    let count = 0
    for (let index = this.tokenArrivals.length - 1; index >= 0; index--) {
      if ((this.tokenArrivals[index] as number) <= this.time.now - 60_000) break
      count++
    }
    return count
  }

  /** (c) The most token requests that reached the provider within any 60 s of its time. */
  busiestMinute(): number {
    let most = 0
    let start = 0
    for (let end = 0; end < this.tokenArrivals.length; end++) {
      while ((this.tokenArrivals[end] as number) - (this.tokenArrivals[start] as number) >= 60_000)
        start++
      most = Math.max(most, end - start + 1)
    }
    return most
  }
}

interface Answer {
  readonly response: () => Response
  readonly delivered: () => void
  readonly lost: () => void
}

function plain(response: Response): Answer {
  return { response: () => response, delivered: () => undefined, lost: () => undefined }
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  })
}
