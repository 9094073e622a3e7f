/**
 * The first frame under the production CSP (nginx, deploy/nginx.conf, the hashes made by the
 * build) in every engine:
 * - the page's inline stylesheet (`style-src 'self' 'sha256-…'`): the styles apply, so the engine
 *   found the hash in the policy; a refused inline style would leave the page unstyled;
 * - its inline loader (`script-src 'self' 'sha256-…'`, apps/signin/build/scriptsAfterFirstFrame.ts)
 *   requests the entry script only after the first contentful paint, as a copy of the template's
 *   `<script integrity>`, and the page comes alive: a refused loader, or a copy refused by the CSP,
 *   Trusted Types or its integrity, would leave Next disabled for ever.
 */
import { expect, test } from 'vitest'
import { ORIGINS } from '../../support/env'
import { ACCOUNTS, EMAIL, HEADING } from '../flows'
import { useEngine } from '../harness'
import { waitFor } from '../tab'

const run = useEngine()

test('the inline stylesheet applies under the CSP, with no stylesheet fetched', async () => {
  const tab = await run.open()
  await tab.goto(`${ORIGINS.app}/`)
  await tab.text(HEADING, 'Sign in')
  const page = await tab.evaluate(() => {
    const style = document.querySelector('head style') as HTMLStyleElement | null
    const card = getComputedStyle(document.querySelector('main.card')!)
    return {
      inlineRules: (style?.sheet?.cssRules.length ?? 0) > 10,
      stylesheetLinks: document.querySelectorAll('link[rel="stylesheet"]').length,
      // .visually-hidden (base.css): the live regions are taken out of the layout.
      liveRegion: getComputedStyle(document.querySelector('[role="status"]')!).position,
      cardBackground: card.backgroundColor,
    }
  }, null)
  expect(page).toEqual({
    inlineRules: true,
    stylesheetLinks: 0,
    liveRegion: 'absolute',
    cardBackground: expect.not.stringMatching(/^(transparent|rgba\(0, 0, 0, 0\))$/),
  })
})

test('the entry script is requested after the first contentful paint, and the page comes alive', async () => {
  const tab = await run.open()
  await tab.goto(`${ORIGINS.app}/`)
  await tab.fill(EMAIL, ACCOUNTS.pat.email)
  await waitFor(
    'Next enabled (the entry script ran)',
    () =>
      tab.evaluate(
        () => (document.querySelector('main button[type="submit"]') as HTMLButtonElement).disabled,
        null,
      ),
    (disabled) => disabled === false,
  )
  const page = await tab.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]
    const entry = performance
      .getEntriesByType('resource')
      .find((resource) => /\/assets\/index-[^/]+\.js$/.test(resource.name))
    return {
      paintTiming: fcp !== undefined,
      requestedAfterPaint: fcp === undefined || (entry?.startTime ?? -1) >= fcp.startTime,
      entryRequested: entry !== undefined,
      // The copy the loader put into the head, with the digest the page names.
      started: [...document.head.querySelectorAll('script[type="module"][src]')].map((script) =>
        /^sha384-/.test(script.getAttribute('integrity') ?? ''),
      ),
    }
  }, null)
  console.log(`first contentful paint reported: ${page.paintTiming}`)
  expect(page).toEqual({
    paintTiming: page.paintTiming,
    requestedAfterPaint: true,
    entryRequested: true,
    started: [true],
  })
})
