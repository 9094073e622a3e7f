/**
 * scripts/checkDist.mjs's check of inline code against the CSP: an inline style or script passes
 * only when the CSP the page is served with lists its hash.
 */
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { checkInlineHashes, parseCsp } from '../scripts/inlineHashCheck.mjs'

const CSS = ':root{color-scheme:light dark}body{margin:0}'
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
const page = (head: string) =>
  `<!doctype html><html lang="en"><head>${head}</head><body><div id="root"></div></body></html>`
const csp = (styleSrc: string, scriptSrc = "'self'") =>
  parseCsp(`default-src 'none'; script-src ${scriptSrc}; style-src ${styleSrc}; img-src 'self'`)

describe('checkInlineHashes', () => {
  it('accepts an inline style whose SHA-256 is in style-src', () => {
    const result = checkInlineHashes(
      'index.html',
      page(`<style>${CSS}</style>`),
      csp(`'self' ${sha256(CSS)}`),
    )
    expect(result).toEqual({ checked: 1, problems: [] })
  })

  it('refuses an inline style whose hash is not in style-src (one byte differs)', () => {
    const result = checkInlineHashes(
      'index.html',
      page(`<style>${CSS} </style>`),
      csp(`'self' ${sha256(CSS)}`),
    )
    expect(result.problems).toEqual([
      expect.stringMatching(
        /^index\.html: an inline <style> whose hash 'sha256-[^']+' is not in style-src/,
      ),
    ])
  })

  it('refuses an inline style under a CSP without style-src hashes, and one hashed in script-src only', () => {
    expect(
      checkInlineHashes('a.html', page(`<style>${CSS}</style>`), csp(`'self'`)).problems,
    ).toHaveLength(1)
    expect(
      checkInlineHashes(
        'a.html',
        page(`<style>${CSS}</style>`),
        csp(`'self'`, `'self' ${sha256(CSS)}`),
      ).problems,
    ).toHaveLength(1)
  })

  it('refuses an inline script whose hash is not in script-src, and accepts one that is', () => {
    const code = 'console.log(1)'
    const html = page(`<script type="module">${code}</script>`)
    expect(checkInlineHashes('a.html', html, csp(`'self'`)).problems).toEqual([
      expect.stringMatching(/an inline <script> whose hash .* is not in script-src/),
    ])
    expect(checkInlineHashes('a.html', html, csp(`'self'`, `'self' ${sha256(code)}`))).toEqual({
      checked: 1,
      problems: [],
    })
  })

  it('falls back to default-src when the CSP has no style-src', () => {
    const policy = parseCsp(`default-src 'self' ${sha256(CSS)}`)
    expect(checkInlineHashes('a.html', page(`<style>${CSS}</style>`), policy).problems).toEqual([])
  })

  it("refuses style= and on*= attributes, and any 'unsafe-inline'", () => {
    const html = page('<p style="color:red" onclick="x()">hi</p>')
    expect(checkInlineHashes('a.html', html, csp(`'self'`)).problems).toHaveLength(2)
    expect(checkInlineHashes('a.html', page(''), csp(`'self' 'unsafe-inline'`)).problems).toEqual([
      expect.stringMatching(/'unsafe-inline' in style-src/),
    ])
  })

  it('accepts a JSON data block without a hash: never run, so script-src does not apply to it', () => {
    const texts = '{"email.heading":"Anmelden"}'
    const html = page(`<script type="application/json" id="page-texts" lang="de">${texts}</script>`)
    expect(checkInlineHashes('index.de.html', html, csp(`'self'`))).toEqual({
      checked: 0,
      problems: [],
    })
  })

  it('still refuses any other inline script without its hash: classic, module, a JavaScript type, another type', () => {
    const code = '{"email.heading":"Anmelden"}'
    for (const open of [
      '<script>',
      '<script type="module">',
      '<script type="text/javascript">',
      '<script type="application/javascript">',
      '<script type="">',
      '<script data-type="application/json">',
      '<script type="application/json+x">',
      '<script type="text/json">',
    ]) {
      const result = checkInlineHashes('a.html', page(`${open}${code}</script>`), csp(`'self'`))
      expect(result, open).toEqual({
        checked: 1,
        problems: [expect.stringMatching(/an inline <script> whose hash .* is not in script-src/)],
      })
    }
  })

  it('accepts scripts with src (SRI covers them, not the CSP hash)', () => {
    const html = page('<script type="module" crossorigin src="/assets/index-abc.js"></script>')
    expect(checkInlineHashes('a.html', html, csp(`'self'`))).toEqual({ checked: 0, problems: [] })
  })
})
