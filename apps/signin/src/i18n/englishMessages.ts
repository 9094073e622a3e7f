/**
 * The whole English source as one flat record, in the very shape of every translation file
 * (`packages/auth-core/src/messages/locales/<tag>.json`): the page's catalogue, the document's
 * texts and auth-core's error texts as `error.<code>`; and what a locale's file must hold against
 * it. Read by the catalogue test and by `scripts/i18n.mjs` (missing keys, imports), never by the
 * page.
 */
import { CATALOGUE_ERROR_CODES, errorMessages } from '@mapping-platform/auth-core'
import { en, enDocument } from './en'
import { enLaterSteps } from './enLaterSteps'

export function englishMessages(): Readonly<Record<string, string>> {
  return {
    ...en,
    ...enLaterSteps,
    ...enDocument,
    ...Object.fromEntries(
      CATALOGUE_ERROR_CODES.map((code) => [`error.${code}`, errorMessages[code]]),
    ),
  }
}

/** Keys whose text is the same in every language: brand and product names, never translated. */
export const SAME_IN_EVERY_LANGUAGE: readonly string[] = [
  'wordmark',
  'brandLabel',
  'factorChoice.providers.OKTA.name',
  'factorChoice.providers.GOOGLE.name',
]

/**
 * Texts added in English whose translations have not been written yet (a translation pass fills
 * them in: `pnpm --filter signin i18n:missing --write <dir>` makes the worksheets). Until then a
 * locale may lack them (the page shows English for them); the catalogue test fails once one is
 * translated everywhere, so this list only shrinks. Prefixes: `locked.` covers `locked.heading`.
 */
export const AWAITING_TRANSLATION: readonly string[] = []

/** Whether `key` is still awaiting its translations. */
export function isAwaitingTranslation(key: string): boolean {
  return AWAITING_TRANSLATION.some((prefix) => key === prefix || key.startsWith(prefix))
}

const PLURAL_FORM = /^(.+)\.(zero|one|two|few|many|other)$/

/**
 * The keys a locale's file must have: English's, except that a plural text (English's
 * `base.one` and `base.other`) needs one key per plural category of the locale
 * (`Intl.PluralRules`: Japanese only `other`; Polish `one`, `few`, `many`, `other`; Arabic six),
 * each with the English text of the matching form (or `other`) beside it.
 */
export function expectedKeys(
  locale: string,
  english: Readonly<Record<string, string>> = englishMessages(),
): Record<string, string> {
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories
  const expected: Record<string, string> = {}
  for (const [key, text] of Object.entries(english)) {
    const base = PLURAL_FORM.exec(key)?.[1]
    if (base === undefined || english[`${base}.other`] === undefined) expected[key] = text
    else if (key === `${base}.other`)
      for (const category of categories)
        expected[`${base}.${category}`] = english[`${base}.${category}`] ?? text
  }
  return expected
}

/** The `{name}` placeholders of a text, sorted. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string).sort()
}

export interface CatalogueProblems {
  /** Keys the file lacks or has empty. */
  readonly missing: string[]
  /** Keys English does not have (or plural forms the locale does not use). */
  readonly unknown: string[]
  /** Texts whose placeholders differ from English's. */
  readonly placeholders: string[]
  /** Texts left in English, brand names apart. */
  readonly untranslated: string[]
}

/**
 * Whether a locale's plural category stands for exactly one number, so its text may say the
 * number in words instead of `{count}` (Arabic `one` "حرف واحد", `two` "حرفان", `zero`): checked
 * over 0 to 1000, which covers every period of the CLDR rules. Russian `one` (1, 21, 31, …) or
 * French `one` (0 and 1) must keep `{count}`.
 * @see https://unicode.org/reports/tr35/tr35-numbers.html#Language_Plural_Rules
 */
export function isSingleNumberCategory(locale: string, category: string): boolean {
  const rules = new Intl.PluralRules(locale)
  let matches = 0
  for (let n = 0; n <= 1000 && matches < 2; n += 1) if (rules.select(n) === category) matches += 1
  return matches === 1
}

/** Whether `text` has the placeholders of `expected`, or those less `{count}` where it may go. */
function placeholdersFit(locale: string, key: string, text: string, expected: string): boolean {
  const want = placeholdersOf(expected)
  const have = placeholdersOf(text).join()
  if (have === want.join()) return true
  const category = PLURAL_FORM.exec(key)?.[2]
  return (
    category !== undefined &&
    isSingleNumberCategory(locale, category) &&
    have === want.filter((name) => name !== 'count').join()
  )
}

/** What is wrong with one locale's file against English. */
export function catalogueProblems(
  locale: string,
  messages: Readonly<Record<string, unknown>>,
  english: Readonly<Record<string, string>> = englishMessages(),
): CatalogueProblems {
  const expected = expectedKeys(locale, english)
  const text = (key: string): string =>
    typeof messages[key] === 'string' ? (messages[key] as string).trim() : ''
  const keys = Object.keys(expected)
  return {
    missing: keys.filter((key) => text(key) === ''),
    unknown: Object.keys(messages).filter((key) => !(key in expected)),
    placeholders: keys.filter(
      (key) =>
        text(key) !== '' && !placeholdersFit(locale, key, text(key), expected[key] as string),
    ),
    untranslated: keys.filter(
      (key) => text(key) === expected[key] && !SAME_IN_EVERY_LANGUAGE.includes(key),
    ),
  }
}
