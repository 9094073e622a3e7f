/**
 * axe (WCAG 2.0–2.2 A/AA and best practices) finds no violation on the email, password and code
 * steps, light and dark, in the run's engine, in production mode.
 *
 * The production CSP forbids injecting a script element (no inline script, Trusted Types), which
 * is why the Playwright suite runs axe in dev mode only. Here axe's bundle runs through the
 * driver's privileged script channel (CDP / WebDriver BiDi / WebDriver `execute`), as the browser
 * itself runs it: not a `<script>` in the page, so the CSP is neither weakened nor violated, and
 * the page axe examines is the production one behind nginx.
 */
import axeCore from 'axe-core'
import { expect, test } from 'vitest'
import type { Tab } from '../tab'
import { ACCOUNTS, EMAIL, NEXT, openSignIn, PASSWORD, TEXTS, toCodeStep, HEADING } from '../flows'
import { useEngine } from '../harness'

const run = useEngine()
const AXE_SOURCE = axeCore.source
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

interface AxeSummary {
  readonly passes: number
  readonly violations: readonly string[]
}

/** axe on the page as it is now: how many rules passed, and each violation on one line. */
async function axe(tab: Tab): Promise<AxeSummary> {
  // Colours ease for a moment after load: measure the settled ones.
  await tab.evaluate(
    () =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSTransition)
          .map((animation) => animation.finished.catch(() => undefined)),
      ).then(() => undefined),
    null,
  )
  await tab.page.runScript(AXE_SOURCE)
  return tab.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeRun> } }).axe
    interface AxeRun {
      passes: unknown[]
      violations: { id: string; help: string; nodes: { target: string[] }[] }[]
    }
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } })
    return {
      passes: result.passes.length,
      violations: result.violations.map(
        (v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      ),
    }
  }, TAGS)
}

for (const colorScheme of ['light', 'dark'] as const)
  test(`axe, ${colorScheme}: no violation on the email, password and code steps`, async () => {
    const tab = await run.open({ colorScheme })
    await openSignIn(tab)
    const email = await axe(tab)
    await tab.fill(EMAIL, ACCOUNTS.tess.email)
    await tab.click(NEXT)
    await tab.visible(PASSWORD)
    const password = await axe(tab)
    await tab.goto('about:blank')
    await toCodeStep(tab, run.platform.controls)
    await tab.text(HEADING, TEXTS.codeHeading)
    const code = await axe(tab)
    for (const result of [email, password, code]) expect(result.passes).toBeGreaterThan(10)
    expect({
      email: email.violations,
      password: password.violations,
      code: code.violations,
    }).toEqual({ email: [], password: [], code: [] })
  })
