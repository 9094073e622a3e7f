/**
 * What the page looks like to people who set their own colours, zoom or text spacing, on every
 * screen:
 * - reflow (WCAG 1.4.10): at 320 CSS px wide, which is 1280 px at 400 % zoom, nothing needs
 *   horizontal scrolling and nothing is cut off at the sides;
 * - text spacing (WCAG 1.4.12): with line height 1.5, paragraph spacing 2, letter spacing 0.12 and
 *   word spacing 0.16 (times the font size), no text is clipped or overflows, on a phone-sized page;
 * - forced colours (Windows high contrast), light and dark: every input, button and code box keeps
 *   a visible edge, every focusable control shows a focus ring of at least 2 px, and an invalid
 *   field is marked by more than colour.
 * Dev mode only: the checks inject a style sheet, which the production CSP rightly refuses; the
 * build and its CSS are the same in both modes.
 */
import type { Page } from '@playwright/test'
import { expect, test } from '../support/fixtures'
import { SCREENS } from '../support/screens'

/** The text-spacing overrides of WCAG 1.4.12, as the W3C's own bookmarklet applies them. */
const TEXT_SPACING = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-block-end: 2em !important; }
`

/** Horizontal scroll of the page, and elements whose box leaves the viewport at the sides. */
async function reflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = []
    const scroll = document.documentElement.scrollWidth - document.documentElement.clientWidth
    if (scroll > 0) problems.push(`the page scrolls ${scroll}px sideways`)
    for (const element of document.querySelectorAll('main *')) {
      if (element.closest('.visually-hidden')) continue
      const box = element.getBoundingClientRect()
      if (box.width === 0 || box.height === 0) continue
      if (box.left < -0.5 || box.right > window.innerWidth + 0.5)
        problems.push(
          `${element.tagName.toLowerCase()}.${element.className} spans ${Math.round(box.left)}..${Math.round(box.right)} of ${window.innerWidth}`,
        )
    }
    return problems
  })
}

/** Elements that clip their own content (text cut off) or whose text overflows its box. */
async function clippingProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = []
    for (const element of document.querySelectorAll<HTMLElement>('main *')) {
      if (element.closest('.visually-hidden') || element.closest('svg')) continue
      if (!element.textContent?.trim()) continue
      const style = getComputedStyle(element)
      const clips = (value: string) => value === 'hidden' || value === 'clip'
      const name = `${element.tagName.toLowerCase()}.${element.className}`
      if (clips(style.overflowX) && element.scrollWidth > element.clientWidth + 1)
        problems.push(
          `${name} cuts ${element.scrollWidth - element.clientWidth}px of text at the side`,
        )
      if (clips(style.overflowY) && element.scrollHeight > element.clientHeight + 1)
        problems.push(`${name} cuts ${element.scrollHeight - element.clientHeight}px of text below`)
      // Form controls keep their text inside; a one-line control whose text is wider is cut.
      if (element instanceof HTMLButtonElement && element.scrollWidth > element.clientWidth + 1)
        problems.push(`${name} is narrower than its text`)
    }
    return problems
  })
}

/** Under forced colours: controls without an edge, focus rings too thin, invalid by colour only. */
async function forcedColorProblems(page: Page): Promise<string[]> {
  const problems = await page.evaluate(() => {
    const found: string[] = []
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect()
      return box.width > 0 && box.height > 0 && !element.closest('.visually-hidden')
    }
    // A native checkbox is drawn by the system in system colours under forced colours: no CSS edge.
    const edged =
      'main input:not([type="checkbox"]), main .button:not(.button--link), main .code-box, main .factor'
    for (const element of document.querySelectorAll(edged)) {
      if (!visible(element)) continue
      const style = getComputedStyle(element)
      const name = `${element.tagName.toLowerCase()}.${element.className}`
      const sides = ['Top', 'Right', 'Bottom', 'Left'] as const
      for (const side of sides) {
        const width = parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`))
        const kind = style.getPropertyValue(`border-${side.toLowerCase()}-style`)
        if (!(width >= 1) || kind === 'none' || kind === 'hidden')
          found.push(`${name} has no ${side.toLowerCase()} edge`)
      }
      if (style.borderTopColor === style.backgroundColor)
        found.push(`${name}'s edge is the colour of its background`)
    }
    for (const element of document.querySelectorAll('main [aria-invalid="true"]')) {
      if (!visible(element)) continue
      const style = getComputedStyle(element)
      if (style.borderTopStyle !== 'dashed' && parseFloat(style.borderTopWidth) < 2)
        found.push(`${element.id || element.className} is invalid by colour alone`)
    }
    return found
  })
  // Every control the keyboard reaches shows a ring while focused. Tab goes round the page (and
  // through the browser's own UI, where the page has no focus) until a control comes back.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  const seen = new Set<string>()
  for (let step = 0; step < 30; step += 1) {
    await page.keyboard.press('Tab')
    const ring = await page.evaluate(() => {
      const element = document.activeElement
      if (!element || element === document.body || !element.closest('main')) return null
      const style = getComputedStyle(element)
      const name = `${element.tagName.toLowerCase()}#${element.id}.${element.className}:${element.textContent?.trim().slice(0, 20)}`
      return { name, style: style.outlineStyle, width: parseFloat(style.outlineWidth) }
    })
    if (ring === null) continue
    if (seen.has(ring.name)) break
    seen.add(ring.name)
    if (ring.style === 'none' || !(ring.width >= 2))
      problems.push(`${ring.name} shows no focus ring (${ring.style} ${ring.width}px)`)
  }
  if (seen.size === 0 && (await page.locator('main a, main button, main input').count()) > 0)
    problems.push('Tab reached no control in the card')
  return problems
}

for (const [screen, reach] of Object.entries(SCREENS)) {
  test(`layout: ${screen}: reflows at 320 px, keeps its text under WCAG text spacing, stays visible in forced colours`, async ({
    page,
    app,
    controls,
    totp,
  }) => {
    await reach({ page, app, controls, totp })

    await page.setViewportSize({ width: 320, height: 256 })
    expect(await reflowProblems(page), '400 % zoom').toEqual([])

    await page.setViewportSize({ width: 320, height: 640 })
    const spacing = await page.addStyleTag({ content: TEXT_SPACING })
    expect(await reflowProblems(page), 'text spacing').toEqual([])
    expect(await clippingProblems(page), 'text spacing').toEqual([])
    await spacing.evaluate((element) => (element as Element).remove())

    await page.setViewportSize({ width: 1280, height: 800 })
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ forcedColors: 'active', colorScheme })
      expect(await forcedColorProblems(page), `forced colours, ${colorScheme}`).toEqual([])
    }
  })
}
