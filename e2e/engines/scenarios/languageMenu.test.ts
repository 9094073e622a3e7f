/**
 * The language menu looks as designed in every engine: no native control chrome. WebKit draws a
 * `<select>` with its native appearance as a grey button whatever its CSS background says (issue
 * 19: "renders as an unstyled native control"), so the pixels inside the menu's padding must be
 * the card's own colour, as in Chromium and Firefox. And it is as wide as the shown language's
 * name (plus the chevron's room), not as the longest of the 31: WebKitGTK has no
 * `field-sizing: content` and sized it to the longest name, the chevron far from the text.
 */
import { PNG } from 'pngjs'
import { expect, test } from 'vitest'
import { ORIGINS } from '../../support/env'
import { HEADING, openSignIn } from '../flows'
import { useEngine } from '../harness'

const run = useEngine()

for (const colorScheme of ['light', 'dark'] as const)
  test(`the language menu is drawn on the card's own background (${colorScheme})`, async () => {
    const tab = await run.open({ colorScheme })
    await openSignIn(tab)
    const box = await tab.evaluate(() => {
      const rect = document.querySelector('.language__select')!.getBoundingClientRect()
      return { left: rect.left, top: rect.top, height: rect.height }
    }, null)
    const png = PNG.sync.read(Buffer.from(await tab.page.screenshot()))
    const scale = png.width / (await tab.evaluate(() => window.innerWidth, null))
    const pixel = (x: number, y: number) => {
      const at = (Math.round(y * scale) * png.width + Math.round(x * scale)) * 4
      return [png.data[at], png.data[at + 1], png.data[at + 2]]
    }
    const card = pixel(box.left + 4, box.top - 3)
    const inside = pixel(box.left + 4, box.top + box.height / 2)
    expect(inside, 'inside the menu, left of its text').toEqual(card)
  })

for (const [locale, heading] of [
  ['en', 'Sign in'],
  ['de', 'Anmelden'],
] as const)
  test(`the language menu is as wide as the shown language's name (${locale})`, async () => {
    const tab = await run.open({ locales: [locale] })
    await tab.goto(`${ORIGINS.app}/`)
    await tab.text(HEADING, heading)
    const widths = await tab.evaluate(() => {
      const select = document.querySelector('select.language__select') as HTMLSelectElement
      // The shown name's own width, measured in the menu's font.
      const probe = document.createElement('span')
      probe.textContent = select.selectedOptions[0]!.textContent
      probe.style.font = getComputedStyle(select).font
      probe.style.position = 'absolute'
      probe.style.whiteSpace = 'pre'
      document.body.append(probe)
      const name = probe.getBoundingClientRect().width
      probe.remove()
      return { name, select: select.getBoundingClientRect().width }
    }, null)
    console.log(`language menu (${locale}): ${JSON.stringify(widths)}`)
    // Padding 8px + 28px (the chevron's room), borders, and some slack for engines' rounding.
    expect(widths.select, 'the menu width').toBeGreaterThanOrEqual(widths.name)
    expect(widths.select, 'the menu width').toBeLessThan(widths.name + 36 + 40)
  })
