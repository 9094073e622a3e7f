/**
 * A language variant's own texts, carried by the page: build/prerenderPlugin.ts writes the
 * locale's texts into every `index.<tag>.html` as a JSON data block,
 * `<script type="application/json" id="page-texts" lang="de">`, so its first load needs neither
 * the switching chunk nor the locale's texts chunk. A data block is never run (its type is not a
 * JavaScript one), so the CSP's script-src does not apply to it; it is read as text
 * (`textContent`), never through an HTML sink.
 * @see https://html.spec.whatwg.org/multipage/scripting.html#data-block
 */
import type { Locale, LocaleMessages } from '@mapping-platform/auth-core'

/** The id of the data block holding the page's texts (build/pageTextsBlock.ts writes it). */
export const PAGE_TEXTS = 'page-texts'

/**
 * The texts `doc` carries for `locale` (its `<html lang>`), or undefined when it has none for
 * that language, or they are not JSON, or not an object of strings: the caller then fetches them.
 */
export function pageTexts(doc: Document, locale: Locale): LocaleMessages | undefined {
  const block = doc.getElementById(PAGE_TEXTS)
  if (block?.lang !== locale) return undefined
  try {
    const texts: unknown = JSON.parse(block.textContent ?? '')
    // An object as JSON makes one (not null, an array, a string or a number), of strings only.
    if (
      (texts as object | null)?.constructor === Object &&
      Object.values(texts as object).every((text) => typeof text === 'string')
    )
      return texts as LocaleMessages
  } catch {
    // Not JSON: fetched instead.
  }
  return undefined
}
