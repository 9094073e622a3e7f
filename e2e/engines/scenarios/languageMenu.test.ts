/**
 * The language menu looks as designed in every engine: no native control chrome. WebKit draws a
 * `<select>` with its native appearance as a grey button whatever its CSS background says (issue
 * 19: "renders as an unstyled native control"), so the pixels inside the menu's padding must be
 * the card's own colour, as in Chromium and Firefox.
 */
import { PNG } from 'pngjs'
import { expect, test } from 'vitest'
import { openSignIn } from '../flows'
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
