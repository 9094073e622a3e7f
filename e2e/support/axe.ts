/**
 * axe on the page as it is, in light or dark: the dev-mode accessibility specs' one check (the
 * production CSP rightly forbids injecting axe).
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect } from './fixtures'

/** WCAG 2.0, 2.1 and 2.2 A and AA, and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']
/**
 * The rules a colour scheme can change. Dark mode is colours only (one `prefers-color-scheme`
 * block in `apps/signin/src/styles/tokens.css`, setting custom properties): the DOM, names, roles,
 * landmarks and sizes are those light mode was checked with, so in dark only the colour rules can
 * find anything new. `apps/signin/src/styles/darkModeIsColoursOnly.test.ts` fails if it ever changes more.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

/**
 * Runs axe in `scheme` (every rule of {@link TAGS} in light, the colour rules in dark); returns
 * the violations, one line each.
 */
export async function axeViolations(page: Page, scheme: 'light' | 'dark'): Promise<string[]> {
  await page.emulateMedia({ colorScheme: scheme })
  // Colours ease for 120 ms after the switch: axe must measure the settled ones, not a frame of
  // the transition (which once failed contrast on a busy machine).
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
  )
  const builder = new AxeBuilder({ page })
  const results = await (
    scheme === 'light' ? builder.withTags(TAGS) : builder.withRules(COLOUR_RULES)
  ).analyze()
  // The rules ran on something: a page that failed to render passes nothing.
  expect(results.passes.length).toBeGreaterThan(scheme === 'light' ? 10 : 0)
  return results.violations.map(
    (v) =>
      `${scheme}: ${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  )
}
