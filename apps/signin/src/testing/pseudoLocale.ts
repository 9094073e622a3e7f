/**
 * The pseudo-locale for component tests: every text accented (`Sign in` → `Šíğñ íñ`), about 40%
 * longer (as German or Finnish often are) and wrapped in ⟦ ⟧, placeholders kept. A screen in it
 * shows at a glance any text that did not come from the catalogue (it is plain English) and any
 * layout that cannot take longer words.
 */
import { CATALOGUE_ERROR_CODES, errorMessages } from '@mapping-platform/auth-core'
import { en } from '../i18n/en'
import { enLaterSteps } from '../i18n/enLaterSteps'
import { createTranslator } from '../i18n/translator'
import type { Translator } from '../i18n/translator'

const ACCENTED: Readonly<Record<string, string>> = Object.fromEntries(
  [...'abcdefghiklnorstuyzABCDEFGHIKLNORSTUYZ'].map((letter, index) => [
    letter,
    [...'àƀçđéƒğĥíķĺñöŕšţüýžÀƁÇĐÉƑĞĤÍĶĹÑÖŔŠŢÜÝŽ'][index] as string,
  ]),
)

/** `text` accented outside its `{placeholders}`, padded to ~140% and wrapped in ⟦ ⟧. */
export function pseudoLocalize(text: string): string {
  const accented = text
    .split(/(\{\w+\})/)
    .map((part) =>
      part.startsWith('{') ? part : part.replace(/[A-Za-z]/g, (c) => ACCENTED[c] ?? c),
    )
    .join('')
  const padding = '·'.repeat(Math.ceil(text.length * 0.4))
  return `⟦${accented}${padding}⟧`
}

/** The whole catalogue and every error text in the pseudo-locale. */
export function pseudoTranslator(): Translator {
  return createTranslator('en', {
    ...Object.fromEntries(
      Object.entries({ ...en, ...enLaterSteps }).map(([key, text]) => [key, pseudoLocalize(text)]),
    ),
    ...Object.fromEntries(
      CATALOGUE_ERROR_CODES.map((code) => [`error.${code}`, pseudoLocalize(errorMessages[code])]),
    ),
  })
}

/** Whether `text` is a pseudo-locale text (came from the catalogue). */
export function isPseudo(text: string): boolean {
  return /^⟦[\s\S]*⟧$/.test(text)
}
