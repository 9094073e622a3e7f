/**
 * The scripts are requested only once the first frame is on screen, so no script download or
 * evaluation can ever hold it (on a slow phone, and in Lighthouse's estimate, which counts every
 * request that finished before the observed paint, whatever its priority).
 *
 * The page's scripts (the entry module and the preload of the views) go into an inert
 * `<template id="scripts">` at the end of the body, exactly as Vite wrote
 * them (`type="module" crossorigin src`; build/subresourceIntegrity.ts then adds `integrity` to
 * them there, as anywhere else). A few inline lines after it (FIRST_FRAME_LOADER) put a copy of
 * the template's content into the head after the first contentful paint: a clone of a
 * parser-made element, so the browser fetches the same `<script integrity>` and
 * `<link rel="modulepreload" integrity>` the page names (Subresource Integrity unchanged), and no
 * string reaches a Trusted Types sink (no `src` assigned, no markup parsed).
 *
 * Back from a provider with a code (`code=` in the query or the hash), it first puts a copy of
 * the prerendered "Signing you in…" card (src/signingInTemplate.ts) in place of the email step:
 * the first frame shows what the page is doing, not a step the person has left, and costs the
 * style, layout and paint of a small card on the way to the token request, not of the form.
 *
 * When it starts:
 * - at once on a return from a provider (`code=`, `state=` or `error=` in the query, or anything
 *   in the hash: Okta's return, and the steps kept in the address, which React renders afresh
 *   instead of the prerendered email step): the token request must not wait for a frame, nor the
 *   step the address names;
 * - at once in a page that is not visible (a background tab paints nothing, and its animation
 *   frames do not run), or when the page is hidden before it has painted;
 * - else on the first contentful paint (a `paint` PerformanceObserver, which reports the frame
 *   once it is presented), or after a second animation frame where paint timing is missing;
 * - in any case after 3 s (a safety net: a page never left without its scripts);
 * - at once on a click on one of the page's buttons, Enter in one of its fields or a choice in its
 *   language menu, which is kept and given again once React has committed the page (typing needs
 *   no such help: the field keeps its value, `EmailStep`).
 *
 * The strict CSP stays: the loader's SHA-256 (as CSP hashes an element's text) is written to
 * `.vite/csp-script-src`, which deploy/render.sh puts into `script-src` beside `'self'`;
 * scripts/checkDist.mjs checks every inline element against the CSP render.sh makes from the build.
 * @see https://html.spec.whatwg.org/multipage/scripting.html#the-template-element
 * @see https://w3c.github.io/paint-timing/#first-contentful-paint
 * @see https://w3c.github.io/trusted-types/dist/spec/#injection-sinks
 */
import type { Plugin } from 'vite'
import { cspHashOf } from './firstPaint.ts'
import { HYDRATED_ATTRIBUTE } from '../src/hydratedAttribute.ts'
import { SIGNING_IN_TEMPLATE } from '../src/signingInTemplate.ts'

/** Where the loader's hash goes, for deploy/render.sh (under .vite/: nginx answers 404 there). */
export const SCRIPT_HASHES_FILE = '.vite/csp-script-src'

/** The template holding the page's scripts until the loader starts them. */
export const SCRIPTS_TEMPLATE = '<template id="scripts">'

/** The safety net: the scripts start after this long whatever else happens (ms). */
export const LOADER_DEADLINE_MS = 3000

/** How often (every 50 ms) what was held before the app started is tried again: 10 s. */
export const REPLAY_TRIES = 200

/**
 * The inline loader (classic script, its text hashed as it stands: no `</script`, no markup).
 * Every path calls `start`, which runs once. A click on one of the page's buttons, Enter in one
 * of its fields, or a language chosen in its menu, before React has taken the page over (the
 * prerendered Google button, form and menu do nothing by themselves) starts the scripts and is
 * given again, once per element (the menu's last choice), when React has committed the page (the
 * root's {@link HYDRATED_ATTRIBUTE}: a click, the form's submission keeping what was typed, the
 * menu's value and its `change`): a person who acts at once loses nothing. The
 * page's forms never submit themselves: their `method="post" action="/"` is for a browser
 * without script, and a submission that reaches a form React has not hydrated yet must not leave
 * as a POST to `/` (a 404 or 405 page in place of the step).
 */
export const FIRST_FRAME_LOADER = `(() => {
  let started = false
  const start = () => {
    if (started) return
    started = true
    document.head.append(document.getElementById('scripts').content.cloneNode(true))
  }
  const root = document.getElementById('root')
  const live = () => root.hasAttribute('${HYDRATED_ATTRIBUTE}')
  const signingIn = /[#?&]code=/.test(location.hash + location.search) && document.getElementById('${SIGNING_IN_TEMPLATE}')
  if (signingIn) root.replaceChildren(signingIn.content.cloneNode(true))
  const held = new Map()
  const replay = (tries) => live() ? held.forEach((give) => give()) : tries > 0 && setTimeout(replay, 50, tries - 1)
  const early = (event) => {
    if (live()) return ['click', 'keydown', 'change'].forEach((type) => document.removeEventListener(type, early, true))
    const target = event.target
    const button = event.type === 'click' && target.closest?.('button')
    const form = event.type === 'keydown' && event.key === 'Enter' && target.form
    const menu = event.type === 'change' && target.tagName === 'SELECT' && target
    if (!(button || form || menu) || !root.contains(target)) return
    if (!menu) {
      event.preventDefault()
      event.stopImmediatePropagation()
    }
    start()
    if (held.size === 0) replay(${REPLAY_TRIES})
    const value = menu && menu.value
    held.set(button || form || menu, () => button ? button.click() : form ? form.requestSubmit() : (menu.value = value, menu.dispatchEvent(new Event('change', { bubbles: true }))))
  }
  document.addEventListener('click', early, true)
  document.addEventListener('keydown', early, true)
  document.addEventListener('change', early, true)
  document.addEventListener('submit', (event) => root.contains(event.target) && event.preventDefault(), true)
  if (location.hash || /[?&](?:code|state|error)=/.test(location.search) || document.visibilityState === 'hidden') return start()
  document.addEventListener('visibilitychange', start)
  setTimeout(start, ${LOADER_DEADLINE_MS})
  if (!self.PerformanceObserver?.supportedEntryTypes?.includes('paint')) return requestAnimationFrame(() => requestAnimationFrame(start))
  new PerformanceObserver((paints) => {
    if (paints.getEntriesByName('first-contentful-paint').length > 0) start()
  }).observe({ type: 'paint', buffered: true })
})()`

/** Vite's entry script, as it writes it into the head. */
const ENTRY_SCRIPT = /\s*(<script type="module"[^>]*\ssrc="[^"]+"[^>]*><\/script>)/g

/**
 * `html` with its module scripts moved into the template, and the loader after it, at the end of
 * the body. Throws when the page has no module script or no `</body>`.
 */
export function deferScripts(html: string): string {
  const scripts: string[] = []
  const page = html.replace(ENTRY_SCRIPT, (_whole, tag: string) => {
    scripts.push(tag)
    return ''
  })
  if (scripts.length === 0) throw new Error('index.html has no module script to load')
  if (!page.includes('</body>')) throw new Error('index.html has no </body>')
  return page.replace(
    '</body>',
    () =>
      `  ${SCRIPTS_TEMPLATE}${scripts.join('')}</template>\n` +
      `    <script>${FIRST_FRAME_LOADER}</script>\n  </body>`,
  )
}

export function scriptsAfterFirstFrame(): Plugin {
  return {
    name: 'signin:scripts-after-first-frame',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: deferScripts },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: SCRIPT_HASHES_FILE,
        source: `${cspHashOf(FIRST_FRAME_LOADER)}\n`,
      })
    },
  }
}
