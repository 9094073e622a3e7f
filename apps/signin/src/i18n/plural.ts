import { fill } from './translator'
import type { PluralKey, Translator } from './translator'

/**
 * The plural form of `base` for `count` in the translator's language: `Intl.PluralRules` picks
 * the category (`one`, `two`, `few`, `many`, `other`, as the language has them), the catalogue
 * holds one key per category (`base.one`, `base.other`, …; `base.other` always), and `{count}` is
 * written as the locale writes numbers. A module of its own, so only the views that count
 * something carry it.
 * @see https://developer.mozilla.org/docs/Web/JavaScript/Reference/Global_Objects/Intl/PluralRules
 */
export function plural(
  { locale, text }: Translator,
  base: PluralKey,
  count: number,
  params: Readonly<Record<string, string | number>> = {},
): string {
  const category = new Intl.PluralRules(locale).select(count)
  const form = text(`${base}.${category}`) ?? text(`${base}.other`) ?? base
  return fill(form, { ...params, count }, locale)
}
