/**
 * The scripts after the first frame: the build's rewriting of the page, and the inline loader's
 * behaviour (run as the browser runs it, against a stand-in page whose paint, frames, visibility
 * and clock the test drives).
 */
import { describe, expect, it } from 'vitest'
import { HYDRATED_ATTRIBUTE } from '../src/hydratedAttribute'
import { SIGNING_IN_TEMPLATE } from '../src/signingInTemplate'
import {
  FIRST_FRAME_LOADER,
  LOADER_DEADLINE_MS,
  REPLAY_TRIES,
  deferScripts,
} from './scriptsAfterFirstFrame'

const ENTRY = '<script type="module" crossorigin src="/assets/index-abc.js"></script>'

describe('deferScripts', () => {
  it('moves the entry script from the head into the template, with the loader after it', () => {
    const page = deferScripts(
      `<html><head><title>t</title>\n    ${ENTRY}\n  </head><body><div id="root"><p>x</p></div>\n  </body></html>`,
    )
    expect(page).toBe(
      `<html><head><title>t</title>\n  </head><body><div id="root"><p>x</p></div>\n` +
        `    <template id="scripts">${ENTRY}</template>\n` +
        `    <script>${FIRST_FRAME_LOADER}</script>\n  </body></html>`,
    )
  })

  it('refuses a page without a module script or without a body end', () => {
    expect(() => deferScripts('<html><head></head><body></body></html>')).toThrow(
      /no module script/,
    )
    expect(() => deferScripts(`<html><head>${ENTRY}</head><body>`)).toThrow(/no <\/body>/)
  })
})

/** A stand-in page the loader runs in. */
function page({
  url = 'https://login.example.test/',
  hidden = false,
  paintTiming = true,
}: { url?: string; hidden?: boolean; paintTiming?: boolean } = {}) {
  const appended: unknown[] = []
  const frames: (() => void)[] = []
  const timers: { at: number; run: () => void }[] = []
  const listeners: Record<string, (() => void)[]> = {}
  let observer: ((list: { getEntriesByName(name: string): unknown[] }) => void) | undefined
  let observed: unknown
  const content = { cloneNode: (deep: boolean) => ({ clone: deep }) }
  /** The root element: the app marks it `data-hydrated` once React has committed the page. */
  const clicks: string[] = []
  const googleButton = { click: () => clicks.push('replayed') }
  const form = { requestSubmit: () => clicks.push('submitted') }
  const googleTarget = { closest: () => googleButton }
  const emailField = { closest: () => null, form }
  /** The language menu (a native select): its value, and the `change` events it is given. */
  const menu = {
    tagName: 'SELECT',
    closest: () => null,
    value: 'en',
    dispatchEvent: (event: Event) => clicks.push(`${event.type} ${event.bubbles} ${menu.value}`),
  }
  const attributes = new Set<string>()
  /** What the root shows: the prerendered email step until something replaces it. */
  let shown: unknown[] = ['the email step']
  const signingIn = { content: { cloneNode: (deep: boolean) => ({ signingIn: deep }) } }
  const root = {
    replaceChildren: (...nodes: unknown[]) => (shown = nodes),
    contains: (node: unknown) =>
      node === googleTarget || node === emailField || node === form || node === menu,
    hasAttribute: (name: string) => attributes.has(name),
  }
  const document = {
    visibilityState: hidden ? 'hidden' : 'visible',
    head: { append: (node: unknown) => appended.push(node) },
    getElementById: (id: string) =>
      ({ scripts: { content }, root, [SIGNING_IN_TEMPLATE]: signingIn })[id] ?? null,
    addEventListener: (type: string, listener: () => void) =>
      (listeners[type] ??= []).push(listener),
    removeEventListener: (type: string, listener: () => void) =>
      (listeners[type] = (listeners[type] ?? []).filter((l) => l !== listener)),
  }
  class PerformanceObserver {
    static readonly supportedEntryTypes = paintTiming ? ['paint', 'navigation'] : ['navigation']
    constructor(callback: typeof observer) {
      observer = callback
    }
    observe(options: unknown) {
      observed = options
    }
  }
  const { search, hash } = new URL(url)
  new Function(
    'document',
    'location',
    'self',
    'setTimeout',
    'requestAnimationFrame',
    'PerformanceObserver',
    FIRST_FRAME_LOADER,
  )(
    document,
    { search, hash },
    { PerformanceObserver },
    (run: (...args: unknown[]) => void, at: number, ...args: unknown[]) =>
      timers.push({ at, run: () => run(...args) }),
    (run: () => void) => frames.push(run),
    PerformanceObserver,
  )
  const tab = {
    appended,
    shown: () => shown,
    observed: () => observed,
    /** The paint entries the observer is told about. */
    paints: (...names: string[]) =>
      observer?.({ getEntriesByName: (name) => names.filter((entry) => entry === name) }),
    nextFrame: () => frames.splice(0).forEach((run) => run()),
    hide: () => {
      document.visibilityState = 'hidden'
      listeners.visibilitychange?.forEach((listener) => listener())
    },
    after: (ms: number) => timers.filter((timer) => timer.at <= ms).forEach((t) => t.run()),
    /** A person's click on `target` (the Google button, or anything else): whether it went on. */
    click: (target: 'google' | 'field' | 'form' | 'menu', type = 'click', key = '') => {
      let stopped = false
      const event = {
        type,
        key,
        target: { google: googleTarget, form, menu, field: emailField }[target],
        preventDefault: () => (stopped = true),
        // Other listeners (React's) still get the event: only the browser's own action is stopped.
        stopImmediatePropagation: () => (stopped = true),
      }
      ;(listeners[type] ?? []).forEach((listener) =>
        (listener as unknown as (e: typeof event) => void)(event),
      )
      return !stopped
    },
    /** A person chooses `locale` in the language menu: whether the `change` went on. */
    choose: (locale: string) => {
      menu.value = locale
      return tab.click('menu', 'change')
    },
    /** React has committed the page, rendering the menu with `locale` (the page's language). */
    hydrate: (locale = 'en') => {
      attributes.add(HYDRATED_ATTRIBUTE)
      menu.value = locale
    },
    clicks,
    /** Runs the timers due, as the clock reaches each (the replay's 50 ms polls). */
    tick: () => {
      const due = timers.filter((timer) => timer.at === 50)
      timers.splice(0, timers.length, ...timers.filter((timer) => timer.at !== 50))
      due.forEach((timer) => timer.run())
    },
  }
  return tab
}

describe('the inline loader', () => {
  it('starts the scripts on the first contentful paint, once, with a deep copy of the template', () => {
    const tab = page()
    expect(tab.observed()).toEqual({ type: 'paint', buffered: true })
    tab.nextFrame()
    tab.nextFrame()
    tab.paints('first-paint')
    expect(tab.appended).toEqual([])
    tab.paints('first-paint', 'first-contentful-paint')
    expect(tab.appended).toEqual([{ clone: true }])
    tab.paints('first-contentful-paint')
    tab.hide()
    tab.after(LOADER_DEADLINE_MS)
    expect(tab.appended).toHaveLength(1)
  })

  it.each([
    'https://login.example.test/#code=c0de&state=s7a7e',
    'https://login.example.test/#error=access_denied&error_description=x&state=s',
    'https://login.example.test/?code=4%2F0A&scope=email&state=s',
    'https://login.example.test/?error=access_denied&state=s',
    'https://login.example.test/?hl=de&state=s',
    'https://login.example.test/#verify',
    'https://login.example.test/#sign-in',
  ])('starts them at once on a return from a provider or a step in the address: %s', (url) => {
    const tab = page({ url })
    expect(tab.appended).toHaveLength(1)
    expect(tab.observed()).toBeUndefined()
  })

  it.each([
    'https://login.example.test/',
    'https://login.example.test/?ui_locales=de',
    'https://login.example.test/?unicode=1&geocode=2',
  ])('waits for the paint on any other address: %s', (url) => {
    expect(page({ url }).appended).toEqual([])
  })

  it.each([
    'https://login.example.test/#code=c0de&state=s7a7e',
    'https://login.example.test/?code=4%2F0A&scope=email&state=s',
    'https://login.example.test/?state=s&code=4%2F0A',
  ])(
    'back with a code, shows a copy of the "Signing you in…" card in place of the email step before any frame: %s',
    (url) => {
      expect(page({ url }).shown()).toEqual([{ signingIn: true }])
    },
  )

  it.each([
    'https://login.example.test/',
    'https://login.example.test/#error=access_denied&error_description=x&state=s',
    'https://login.example.test/?error=access_denied&state=s',
    'https://login.example.test/#sign-in',
    'https://login.example.test/?unicode=1&geocode=2',
  ])('anywhere else leaves the prerendered page as it is: %s', (url) => {
    expect(page({ url }).shown()).toEqual(['the email step'])
  })

  it('starts them at once in a page that is not visible (no frame will come)', () => {
    expect(page({ hidden: true }).appended).toHaveLength(1)
  })

  it('starts them when the page is hidden before it has painted', () => {
    const tab = page()
    tab.hide()
    expect(tab.appended).toHaveLength(1)
  })

  it('without paint timing, starts them on the second animation frame (the first one painted)', () => {
    const tab = page({ paintTiming: false })
    expect(tab.observed()).toBeUndefined()
    tab.nextFrame()
    expect(tab.appended).toEqual([])
    tab.nextFrame()
    expect(tab.appended).toHaveLength(1)
  })

  it(`starts them after ${LOADER_DEADLINE_MS} ms whatever happens, and not before`, () => {
    const tab = page()
    tab.after(LOADER_DEADLINE_MS - 1)
    expect(tab.appended).toEqual([])
    tab.after(LOADER_DEADLINE_MS)
    expect(tab.appended).toHaveLength(1)
  })
})

describe('a click before the app has started', () => {
  it('on a button: starts the scripts, is held, and is given again once React has the root', () => {
    const tab = page()
    expect(tab.click('google')).toBe(false)
    expect(tab.appended).toHaveLength(1)
    tab.tick()
    tab.tick()
    expect(tab.clicks).toEqual([])
    tab.hydrate()
    tab.tick()
    expect(tab.clicks).toEqual(['replayed'])
    // From then on clicks go to React untouched, and the loader stops listening.
    expect(tab.click('google')).toBe(true)
    tab.tick()
    expect(tab.clicks).toEqual(['replayed'])
  })

  it('Enter in the email field: held, once however often, and the form submitted once React has the root', () => {
    const tab = page()
    expect(tab.click('field', 'keydown', 'a')).toBe(true)
    expect(tab.appended).toEqual([])
    expect(tab.click('field', 'keydown', 'Enter')).toBe(false)
    expect(tab.click('field', 'keydown', 'Enter')).toBe(false)
    expect(tab.appended).toHaveLength(1)
    tab.tick()
    tab.hydrate()
    tab.tick()
    tab.tick()
    expect(tab.clicks).toEqual(['submitted'])
    expect(tab.click('field', 'keydown', 'Enter')).toBe(true)
  })

  it('elsewhere (the email field): goes on untouched and starts nothing', () => {
    const tab = page()
    expect(tab.click('field')).toBe(true)
    expect(tab.appended).toEqual([])
  })

  it("a submission of the page's form never leaves as the browser's own POST, before React has the root or after", () => {
    // The prerendered forms say method="post" action="/" (no-script safety); between React taking
    // the root and hydrating a form, the replayed Enter's submission once left as a real POST to
    // `/` (answered 404 by vite preview, 405 by nginx) instead of reaching the step.
    const tab = page()
    expect(tab.click('form', 'submit')).toBe(false)
    tab.hydrate()
    expect(tab.click('form', 'submit')).toBe(false)
  })

  it('a language chosen in the menu: starts the scripts, and the last choice is given again once React has committed', () => {
    const tab = page()
    // Nothing of the browser's own to stop: the menu keeps showing the choice meanwhile.
    expect(tab.choose('de')).toBe(true)
    expect(tab.appended).toHaveLength(1)
    expect(tab.choose('ar')).toBe(true)
    expect(tab.appended).toHaveLength(1)
    tab.tick()
    expect(tab.clicks).toEqual([])
    // React hydrates the menu with the page's language; the choice is put back and announced.
    tab.hydrate('en')
    tab.tick()
    expect(tab.clicks).toEqual(['change true ar'])
    tab.tick()
    expect(tab.clicks).toEqual(['change true ar'])
  })

  it('a click and a choice in the menu before React: both given again, in their order, once each', () => {
    const tab = page()
    tab.choose('de')
    expect(tab.click('google')).toBe(false)
    expect(tab.click('google')).toBe(false)
    tab.hydrate()
    tab.tick()
    expect(tab.clicks).toEqual(['change true de', 'replayed'])
  })

  it(`is given up after ${REPLAY_TRIES} tries when React never takes the root`, () => {
    const tab = page()
    tab.click('google')
    for (let i = 0; i <= REPLAY_TRIES + 5; i += 1) tab.tick()
    tab.hydrate()
    tab.tick()
    expect(tab.clicks).toEqual([])
  })
})
