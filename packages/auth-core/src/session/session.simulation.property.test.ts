/**
 * The session's guarantees under thousands of interleavings, not the cases we thought of: several
 * tabs on several sub-sites of one browser, each device clock off by up to 3 h, share one cookie
 * jar and a fake Okta with refresh-token rotation and no grace period; people sign in and out
 * mid-flight, siblings toss cookie copies in, listeners throw, the network fails, time jumps.
 * Every tab runs the PUBLIC API over `browserSessionDeps` (the browser shell too) and behaves as
 * auth-react's provider does (one `getAccessToken()` per expired snapshot). After EVERY step:
 *
 * - (a) no page writes a token cookie of an earlier sign-in after a later one, nor over a session
 *   that is not the one it refreshed;
 * - (b) no request carries the token to an origin the sub-site did not name;
 * - (c) the provider never sees more than the ceiling of token requests in any minute of its time;
 * - (e) a retried API request is sent as the same person as its first send;
 * - (f) one refresh per refresh token: a token is presented again only after the earlier
 *   answer was lost on the way (the library could not know it was spent);
 * - (g) `getAccessToken()` and `signOut()` reject only with an `AuthError`, the authenticated `fetch`
 *   also with the network's own failure, and no error escapes into the page (a listener's throw);
 *
 * and at every `settle` step and at the end:
 * - (d) once faults stop, within {@link CONVERGENCE_MS}, every tab (the snapshot its listener last
 *   heard, and `getSnapshot()`) shows the cookies' session: the same person, and `signedIn` exactly
 *   while the provider still accepts the access token (away from the boundary). Not for a tab that
 *   sees a tossed copy ALONE (ours at `Path=/` gone, e.g. signed out meanwhile): `document.cookie`
 *   gives no path, so no page can tell it from ours (RFC 6265 section 8.6), and the API's 401 ends it.
 *
 * Runs are seeded (the same interleavings in every CI run): fast-check prints the seed, path and
 * shrunk scenario of a failure; `SIM_SEED=<seed> SIM_PATH=<path> SIM_TRACE=1` replays it with a trace
 * of every request and cookie write; `SIM_SEED=random SIM_RUNS=2000` explores further.
 */
import fc from 'fast-check'
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { isAuthError } from '../errors/authError'
import { TEST_SESSION_CONFIG } from '../testing/createTestSession'
import { TEST_NOW_S } from '../testing/fakeTokens'
import type { SimPage } from '../testSupport/simulatedBrowser'
import {
  API_ORIGIN,
  NetworkFailure,
  SimulatedWorld,
  THIRD_PARTY_URLS,
} from '../testSupport/simulatedWorld'
import type { FaultKind } from '../testSupport/simulatedWorld'
import { browserSessionDeps } from './browserDefaults'
import { createAuthenticatedFetch } from './createAuthenticatedFetch'
import type { AuthenticatedFetchOptions } from './createAuthenticatedFetch'
import { createPlatformSession } from './createPlatformSession'
import { MAX_REFRESHES_PER_MINUTE } from './session.types'
import type { PlatformSession, SessionSnapshot } from './session.types'

/** After faults stop, every tab shows the cookies' session within this much time. */
const CONVERGENCE_MS = 30_000
/** Away from the access token's expiry by this much, a tab must agree on active/expired. */
const EXPIRY_MARGIN_MS = 5 * 60_000

const CONFIG = TEST_SESSION_CONFIG
const ORIGINS = [
  'https://maps.example.com',
  'https://city.example.com',
  'https://atlas.example.com',
]
const PAGE_PATHS = ['/', '/maps', '/maps/view', '/app']
const TOSS_PATHS = ['/maps', '/maps/', '/app']
const HOUR = 3_600_000

/** The API this sub-site names to the authenticated fetch. */
const NAMED: Record<string, unknown> = { apiOrigins: [API_ORIGIN] }

interface TabSpec {
  readonly origin: number
  readonly path: number
  readonly cookieStore: boolean
  /** A listener that throws is subscribed before the view's own. */
  readonly throwingFirst: boolean
}

type Command =
  | { readonly kind: 'getAccessToken'; readonly tab: number; readonly gap: number }
  | {
      readonly kind: 'fetchApi'
      readonly tab: number
      readonly post: boolean
      readonly gap: number
    }
  | {
      readonly kind: 'fetchThirdParty'
      readonly tab: number
      readonly url: number
      readonly gap: number
    }
  | { readonly kind: 'signOut'; readonly tab: number; readonly gap: number }
  | { readonly kind: 'signIn'; readonly revokePrevious: boolean; readonly gap: number }
  | {
      readonly kind: 'toss'
      readonly name: 'access_token' | 'refresh_token'
      readonly path: number
      readonly which: 'previous' | 'current'
      readonly gap: number
    }
  | { readonly kind: 'throwingListener'; readonly tab: number; readonly gap: number }
  | { readonly kind: 'fault'; readonly fault: FaultKind; readonly ms: number; readonly gap: number }
  | { readonly kind: 'advance'; readonly ms: number; readonly jump: boolean; readonly gap: number }
  | { readonly kind: 'openTab'; readonly spec: TabSpec; readonly gap: number }
  | { readonly kind: 'closeTab'; readonly tab: number; readonly gap: number }
  | { readonly kind: 'settle'; readonly gap: number }

interface Scenario {
  readonly seed: number
  /** The device's clock minus the provider's, shared by every tab of the browser. */
  readonly skewMs: number
  readonly accessTokenTtlSeconds: number
  readonly signedIn: boolean
  readonly tabs: readonly TabSpec[]
  readonly commands: readonly Command[]
}

/** The guarantees enforced in CI: every one. */
const ENFORCED = 'abcdefg'
/** CI runs the same interleavings every time (`SIM_SEED=random`, or a number, to explore others). */
const DEFAULT_SEED = 20_261_128
/**
 * For exploring one guarantee at a time (`SIM_CHECK=d`) or without some commands
 * (`SIM_WITHOUT=throwingListener,toss`); by default every guarantee and every command.
 */
const CHECKED = new Set((process.env['SIM_CHECK'] ?? ENFORCED).split(''))
const WITHOUT = new Set((process.env['SIM_WITHOUT'] ?? '').split(',').filter(Boolean))

/* --- Generators --- */

const skew = fc.oneof(
  fc.constant(0),
  fc.integer({ min: -300_000, max: 300_000 }),
  fc.integer({ min: -3 * HOUR, max: 3 * HOUR }),
)
const tabSpec: fc.Arbitrary<TabSpec> = fc.record({
  origin: fc.nat(ORIGINS.length - 1),
  path: fc.nat(PAGE_PATHS.length - 1),
  cookieStore: fc.boolean(),
  throwingFirst: fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, fc.constant(true)),
})
const tab = fc.nat(7)
const gap = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 400 }))
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('getAccessToken' as const), tab, gap }) },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('fetchApi' as const), tab, post: fc.boolean(), gap }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('fetchThirdParty' as const),
      tab,
      url: fc.nat(THIRD_PARTY_URLS.length - 1),
      gap,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('signOut' as const), tab, gap }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('signIn' as const),
      revokePrevious: fc.boolean(),
      gap,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('toss' as const),
      name: fc.constantFrom('access_token' as const, 'refresh_token' as const),
      path: fc.nat(TOSS_PATHS.length - 1),
      which: fc.constantFrom('previous' as const, 'current' as const),
      gap,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('throwingListener' as const), tab, gap }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('fault' as const),
      fault: fc.constantFrom<FaultKind>('offline', 'lost', 'slow', 'unavailable', 'api401'),
      ms: fc.integer({ min: 1_000, max: 120_000 }),
      gap,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      ms: fc.integer({ min: 0, max: 20_000 }),
      jump: fc.constant(false),
      gap,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      ms: fc.integer({ min: 60_000, max: 3 * HOUR }),
      jump: fc.constant(true),
      gap,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('openTab' as const), spec: tabSpec, gap }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('closeTab' as const), tab, gap }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('settle' as const), gap }) },
)
const scenario: fc.Arbitrary<Scenario> = fc.record({
  seed: fc.integer(),
  skewMs: skew,
  accessTokenTtlSeconds: fc.constantFrom(300, 900, 3600),
  signedIn: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, fc.constant(false)),
  tabs: fc.array(tabSpec, { minLength: 2, maxLength: 4 }),
  commands: fc.array(command, { maxLength: 40, size: 'max' }),
})

/* --- Tabs --- */

/** One tab: a page of a sub-site with its session, and what its view last showed. */
class Tab {
  page!: SimPage
  session!: PlatformSession
  fetch!: (input: string, init?: RequestInit) => Promise<Response>
  view!: SessionSnapshot
  private refreshedFor: SessionSnapshot | null = null
  private reloading = false

  constructor(
    private readonly world: SimulatedWorld,
    readonly spec: TabSpec,
    readonly skewMs: number,
  ) {
    this.load()
  }

  get open(): boolean {
    return this.page.alive && !this.reloading
  }

  private load(): void {
    const origin = ORIGINS[this.spec.origin] as string
    this.page = this.world.openPage(
      origin,
      PAGE_PATHS[this.spec.path] as string,
      this.skewMs,
      this.spec.cookieStore,
    )
    const page = this.page
    this.session = createPlatformSession(
      CONFIG,
      browserSessionDeps(page.window(), { fetch: page.fetch, now: page.now }),
    )
    const options = {
      ...NAMED,
      subSite: new URL(origin).hostname.split('.')[0] as string,
      fetch: page.fetch,
      currentPath: () => page.path,
    } as AuthenticatedFetchOptions
    this.fetch = createAuthenticatedFetch(this.session, options)
    if (this.spec.throwingFirst && !WITHOUT.has('throwingListener')) this.addThrowingListener()
    this.session.subscribe((event) => {
      if (page !== this.page) return
      this.world.trace?.(
        `+${this.world.time.now - TEST_NOW_S * 1000} page ${page.id} hears ${event.type}: ${event.snapshot.status}`,
      )
      this.view = event.snapshot
      this.react()
    })
    this.view = this.session.getSnapshot()
    this.react()
  }

  /** auth-react's provider: one `getAccessToken()` per expired snapshot. */
  private react(): void {
    if (this.view.status !== 'expired' || this.refreshedFor === this.view) return
    this.refreshedFor = this.view
    this.track(this.session.getAccessToken(), 'getAccessToken (provider)')
  }

  addThrowingListener(): void {
    this.session.subscribe(() => {
      throw new Error('a listener bug')
    })
  }

  /** Records a rejection that is not an AuthError (g), nor, for `fetch`, the network's own failure. */
  track(promise: Promise<unknown>, what: string, network = false): void {
    const page = this.page
    promise.catch((error: unknown) => {
      if (!isAuthError(error) && !(network && error instanceof NetworkFailure))
        this.world.violate('g', `page ${page.id}: ${what} rejected with ${String(error)}`)
    })
  }

  /** The page navigated (sign-in page, provider logout): it loads again a moment later. */
  reload(): void {
    if (this.reloading) return
    this.reloading = true
    this.world.closePage(this.page)
    this.world.time.add(
      () => {
        this.reloading = false
        this.load()
      },
      500,
      null,
    )
  }

  close(): void {
    this.world.closePage(this.page)
  }
}

/* --- Running a scenario --- */

const totals = { runs: 0, steps: 0, tokenRequests: 0 }
let currentWorld: SimulatedWorld | null = null

function pick(tabs: readonly Tab[], index: number): Tab | undefined {
  const open = tabs.filter((candidate) => candidate.open)
  return open.length === 0 ? undefined : open[index % open.length]
}

let requestSerial = 0
const skews = new WeakMap<SimulatedWorld, number>()
const skewOf = (world: SimulatedWorld): number => skews.get(world) ?? 0

function apply(world: SimulatedWorld, tabs: Tab[], step: Command): Promise<void> | void {
  switch (step.kind) {
    case 'getAccessToken': {
      const target = pick(tabs, step.tab)
      target?.track(target.session.getAccessToken(), 'getAccessToken')
      return
    }
    case 'fetchApi': {
      const target = pick(tabs, step.tab)
      const id = `req-${++requestSerial}`
      target?.track(
        target.fetch(`${API_ORIGIN}/items`, {
          method: step.post ? 'POST' : 'GET',
          headers: { 'x-request-id': id },
          body: step.post ? JSON.stringify({ name: id }) : null,
        }),
        `fetch ${id}`,
        true,
      )
      return
    }
    case 'fetchThirdParty': {
      const target = pick(tabs, step.tab)
      target?.track(target.fetch(THIRD_PARTY_URLS[step.url] as string), 'fetch (third party)', true)
      return
    }
    case 'signOut': {
      const target = pick(tabs, step.tab)
      target?.track(target.session.signOut({ returnTo: `${target.page.origin}/` }), 'signOut')
      return
    }
    case 'signIn':
      world.signIn(step.revokePrevious)
      return
    case 'toss':
      world.toss(step.name, TOSS_PATHS[step.path] as string, step.which)
      return
    case 'throwingListener':
      pick(tabs, step.tab)?.addThrowingListener()
      return
    case 'fault':
      world.fault(step.fault, step.ms)
      return
    case 'advance':
      return world.time.advance(step.ms, step.jump)
    case 'openTab':
      tabs.push(new Tab(world, step.spec, skewOf(world)))
      return
    case 'closeTab':
      pick(tabs, step.tab)?.close()
      return
    case 'settle':
      return settle(world, tabs)
  }
}

/** (a), (b), (c), (e), (f), (g): whatever was recorded, and the busiest minute. */
function check(world: SimulatedWorld): void {
  for (const error of world.time.uncaught.splice(0))
    world.violate('g', `an exception escaped into the page: ${String(error)}`)
  const busiest = world.busiestMinute()
  if (busiest > MAX_REFRESHES_PER_MINUTE)
    world.violate(
      'c',
      `${busiest} token requests within one minute (ceiling ${MAX_REFRESHES_PER_MINUTE})`,
    )
  const broken = world.violations.filter((violation) => CHECKED.has(violation[1] as string))
  if (broken.length > 0) throw new Error(broken.slice(0, 5).join('\n'))
}

function subjectOf(snapshot: SessionSnapshot): string | null {
  if (snapshot.status === 'signedIn') return snapshot.user.subject
  if (snapshot.status === 'expired') return snapshot.claims?.subject ?? null
  return null
}

/**
 * (d) Faults stop; after {@link CONVERGENCE_MS} (and once the token cookies have been quiet for 3 s,
 * at most a minute more), every open tab shows the cookies' session.
 */
async function settle(world: SimulatedWorld, tabs: readonly Tab[]): Promise<void> {
  world.endFaults()
  await world.time.advance(CONVERGENCE_MS)
  const quiet = () => {
    world.store.all()
    return world.time.now - world.store.lastTokenChange >= 3_000
  }
  for (let extra = 0; extra < 60 && !quiet(); extra++) await world.time.advance(1_000)
  const cookie = world.cookieSession()
  const now = world.time.now
  for (const target of tabs) {
    if (!target.open || world.loneTossedCopy(target.page)) continue
    const seen: [string, SessionSnapshot][] = [
      ['its view', target.view],
      ['getSnapshot()', target.session.getSnapshot()],
    ]
    for (const [label, snapshot] of seen) {
      if (snapshot.status === 'signingOut') continue
      const where = `page ${target.page.id} (${target.page.origin}${target.page.path}, clock ${Math.round(target.skewMs / 1000)} s off): ${label}`
      const shown = `${snapshot.status}${subjectOf(snapshot) === null ? '' : ` as ${subjectOf(snapshot)}`}`
      if (cookie === null) {
        if (snapshot.status !== 'signedOut')
          world.violate('d', `${where} shows ${shown}; the cookies hold no session`)
        continue
      }
      const left = cookie.expiresAtMs === null ? null : cookie.expiresAtMs - now
      const expected = `${cookie.person ?? '?'} (access token ${left === null ? 'absent' : `${Math.round(left / 1000)} s from expiry`})`
      if (snapshot.status !== 'signedIn' && snapshot.status !== 'expired') {
        world.violate('d', `${where} shows ${shown}; the cookies hold ${expected}`)
        continue
      }
      const subject = subjectOf(snapshot)
      if (subject !== null && cookie.person !== null && subject !== cookie.person)
        world.violate('d', `${where} shows ${shown}; the cookies hold ${expected}`)
      else if (left !== null && left > EXPIRY_MARGIN_MS && snapshot.status !== 'signedIn')
        world.violate('d', `${where} shows ${shown}; the cookies hold ${expected}`)
      else if ((left === null || left < -5_000) && snapshot.status === 'signedIn')
        world.violate('d', `${where} shows ${shown}; the cookies hold ${expected}`)
    }
  }
}

async function run(input: Scenario): Promise<void> {
  const world = new SimulatedWorld({
    config: CONFIG,
    seed: input.seed,
    startMs: TEST_NOW_S * 1000,
    accessTokenTtlSeconds: input.accessTokenTtlSeconds,
  })
  currentWorld = world
  skews.set(world, input.skewMs)
  if (process.env['SIM_TRACE'] === '1') world.trace = (line) => console.log(line)
  const tabs: Tab[] = []
  world.onNavigate = (page) => tabs.find((candidate) => candidate.page === page)?.reload()
  totals.runs += 1
  try {
    if (input.signedIn) world.signIn(false)
    for (const spec of input.tabs) tabs.push(new Tab(world, spec, input.skewMs))
    await world.time.advance(1_000)
    check(world)
    for (const step of input.commands) {
      if (WITHOUT.has(step.kind)) continue
      await apply(world, tabs, step)
      await world.time.advance(step.gap)
      totals.steps += 1
      check(world)
    }
    await settle(world, tabs)
    check(world)
  } finally {
    totals.tokenRequests += world.tokenArrivals.length
    for (const target of tabs) target.close()
    currentWorld = null
  }
}

describe('the platform session, simulated', () => {
  beforeEach(() => {
    // The session's request timeouts run on the simulation's time.
    vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms: number) => {
      const controller = new AbortController()
      currentWorld?.time.add(
        () => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')),
        ms,
        null,
      )
      return controller.signal
    })
    // Reports of throwing listeners and development warnings: counted by nobody here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  })

  afterAll(() => {
    console.log(
      `session simulation: ${totals.runs} runs, ${totals.steps} steps, ${totals.tokenRequests} token requests`,
    )
  })

  it('keeps every guarantee in every interleaving', async () => {
    // A listener's error that escapes the session as an unhandled rejection is a violation (g),
    // recorded in the world it happened in, not a crash of the test run.
    const vitestHandlers = process.listeners('unhandledRejection')
    process.removeAllListeners('unhandledRejection')
    const onUnhandled = (reason: unknown) => {
      if (currentWorld === null)
        for (const handler of vitestHandlers) handler(reason, Promise.resolve())
      else
        currentWorld.violate('g', `an unhandled rejection escaped the session: ${String(reason)}`)
    }
    process.on('unhandledRejection', onUnhandled)
    try {
      const seedText = process.env['SIM_SEED']
      const seed =
        seedText === 'random' ? undefined : seedText === undefined ? DEFAULT_SEED : Number(seedText)
      const numRuns = Number(process.env['SIM_RUNS'] ?? 200)
      const path = process.env['SIM_PATH']
      await fc.assert(fc.asyncProperty(scenario, run), {
        numRuns,
        seed,
        path,
        endOnFailure: path !== undefined,
      })
    } finally {
      process.off('unhandledRejection', onUnhandled)
      for (const handler of vitestHandlers) process.on('unhandledRejection', handler)
    }
    expect(totals.steps).toBeGreaterThan(0)
  }, 300_000)
})
