/**
 * A language variant's texts, read from the page (the build's JSON data block): only an object of
 * strings written for the page's own language is used; anything else is refused, so the views
 * fetch the texts as before instead of showing a page without words.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { PAGE_TEXTS, pageTexts } from './pageTexts'

/** Puts a data block holding `text` into the page, as the parser would have made it. */
function block(text: string, lang = 'de', type = 'application/json'): void {
  const element = document.createElement('script')
  element.type = type
  element.id = PAGE_TEXTS
  element.lang = lang
  element.textContent = text
  document.body.append(element)
}

afterEach(() => document.getElementById(PAGE_TEXTS)?.remove())

describe('pageTexts', () => {
  it('gives the texts the page carries for its own language', () => {
    block('{"email.heading":"Anmelden","email.next":"Weiter"}')
    expect(pageTexts(document, 'de')).toEqual({
      'email.heading': 'Anmelden',
      'email.next': 'Weiter',
    })
  })

  it('gives nothing when the page has no texts (English, or a page built before them)', () => {
    expect(pageTexts(document, 'de')).toBeUndefined()
  })

  it('gives nothing when the texts name another language than the page', () => {
    block('{"email.heading":"Anmelden"}', 'de')
    expect(pageTexts(document, 'fr')).toBeUndefined()
    document.getElementById(PAGE_TEXTS)?.remove()
    block('{"email.heading":"Anmelden"}', '')
    expect(pageTexts(document, 'de')).toBeUndefined()
  })

  it('gives nothing for texts that are not JSON, or not an object of strings', () => {
    for (const text of [
      '',
      '{"email.heading":"Anmel',
      '<!-- -->',
      'null',
      '"Anmelden"',
      '42',
      '["Anmelden"]',
      '{"email.heading":1}',
      '{"email.heading":null}',
      '{"email.heading":{"text":"Anmelden"}}',
      '{"email.heading":"Anmelden","email.next":["Weiter"]}',
    ]) {
      block(text)
      expect(pageTexts(document, 'de'), text).toBeUndefined()
      document.getElementById(PAGE_TEXTS)?.remove()
    }
  })
})
