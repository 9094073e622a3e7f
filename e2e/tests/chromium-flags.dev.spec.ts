/**
 * The suite's Chromium starts with Playwright's own disabled features still in force: its
 * `--disable-features` (support/env.ts) replaces Playwright's, because Chromium keeps the last
 * one, so it must carry every feature Playwright disables (a Playwright upgrade that adds one
 * fails here) and the address bar's popups it adds. Dev mode only: the flags are the same in both.
 */
import { expect, test } from '@playwright/test'

test("the suite's --disable-features keeps every feature Playwright disables", async ({ page }) => {
  await page.goto('chrome://version')
  const commandLine = await page.locator('#command_line').innerText()
  const lists = [...commandLine.matchAll(/--disable-features=(\S+)/g)].map(
    (match) => new Set((match[1] as string).split(',')),
  )
  expect(lists.length, commandLine).toBeGreaterThanOrEqual(2)
  const last = lists.at(-1) as Set<string>
  for (const earlier of lists.slice(0, -1))
    expect([...earlier].filter((feature) => !last.has(feature))).toEqual([])
  expect([...last]).toContain('WebUIOmniboxPopup')
  expect([...last]).toContain('WebUIOmniboxAimPopup')
})
