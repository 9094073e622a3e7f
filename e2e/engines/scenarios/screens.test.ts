/**
 * Screenshots of the main screens in the run's engine (light and dark, phone and desktop), for
 * looking at side by side with the other engines: `test-results/screens/<engine>/<name>.png`.
 * They assert only that each screen is reached; the review is by eye (see the engines README).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { test } from 'vitest'
import type { SessionOptions } from '../driver'
import { ACCOUNTS, EMAIL, NEXT, PASSWORD, SIGN_IN, openSignIn } from '../flows'
import { useEngine } from '../harness'
import { named, type Tab } from '../tab'

const run = useEngine()
const DIR = new URL(`../../test-results/screens/${run.driver.name}/`, import.meta.url)

const LAYOUTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const

async function shot(tab: Tab, name: string): Promise<void> {
  mkdirSync(DIR, { recursive: true })
  // Let transitions and the spinner settle on one frame.
  await new Promise((resolve) => setTimeout(resolve, 300))
  writeFileSync(new URL(`${name}.png`, DIR), await tab.page.screenshot())
}

for (const colorScheme of ['light', 'dark'] as const)
  for (const [layout, viewport] of Object.entries(LAYOUTS))
    test(`email, password and code steps, ${colorScheme}, ${layout}`, async () => {
      const options: SessionOptions = { colorScheme, viewport }
      const tab = await run.open(options)
      const name = (step: string) => `${step}-${colorScheme}-${layout}`
      await openSignIn(tab)
      await tab.click(EMAIL)
      await shot(tab, name('email'))
      await tab.type(ACCOUNTS.tess.email)
      await tab.click(NEXT)
      await tab.visible(PASSWORD)
      await tab.click(PASSWORD)
      await tab.type(ACCOUNTS.tess.password)
      await shot(tab, name('password'))
      await tab.click(SIGN_IN)
      await tab.visible(named('input', 'Digit 1 of 6'), 15_000)
      await tab.focusIs('Digit 1 of 6')
      await tab.type('12')
      await shot(tab, name('code'))
    })
