/**
 * The texts a language variant carries (build/prerenderPlugin.ts writes the block into every
 * `index.<tag>.html`): the browser's parser keeps them as they are, whatever a text holds, so the
 * page reads back exactly what the build wrote, and the block is never code under the CSP.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { checkInlineHashes, parseCsp } from '../scripts/inlineHashCheck.mjs'
import { PAGE_TEXTS, pageTexts } from '../src/i18n/pageTexts'
import { pageTextsBlock } from './pageTextsBlock'

/** Texts no translation should hold, each of which would end or change a naive block. */
const HOSTILE = {
  'email.heading': 'Anmelden</script><script>alert(1)</script>',
  'email.lede': '<!-- <script> --> </SCRIPT >',
  'email.next': 'Weiter & "fort" \u2028 \u2029 \\ \u00e4\u00f6\u00fc',
}

afterEach(() => document.getElementById(PAGE_TEXTS)?.remove())

describe('pageTextsBlock', () => {
  it('is a JSON data block for the locale, read back by the page exactly as written', () => {
    const messages = { ...HOSTILE, 'email.label': 'E-Mail' }
    const html = pageTextsBlock('de', messages)
    expect(html).toMatch(
      /^<script type="application\/json" id="page-texts" lang="de">[^<]*<\/script>$/,
    )
    document.body.insertAdjacentHTML('beforeend', `<p>before</p>${html}<p id="after">after</p>`)
    expect(document.getElementById('after')?.textContent).toBe('after')
    expect(document.querySelectorAll('script')).toHaveLength(1)
    expect(pageTexts(document, 'de')).toEqual(messages)
  })

  it('needs no hash in the CSP: it is data, never run', () => {
    const page = `<!doctype html><html lang="ar"><body>${pageTextsBlock('ar', HOSTILE)}</body></html>`
    const csp = parseCsp("default-src 'none'; script-src 'self'; style-src 'self'")
    expect(checkInlineHashes('index.ar.html', page, csp)).toEqual({ checked: 0, problems: [] })
  })
})
