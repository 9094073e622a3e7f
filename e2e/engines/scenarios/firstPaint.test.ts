/**
 * The page's inline stylesheet under the production CSP (nginx, deploy/nginx.conf: `style-src
 * 'self' 'sha256-…'`, the hash made by the build) in every engine: the styles apply, so the
 * engine found the hash in the policy; a refused inline style would leave the page unstyled.
 */
import { expect, test } from 'vitest'
import { ORIGINS } from '../../support/env'
import { HEADING } from '../flows'
import { useEngine } from '../harness'

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
