import { CATALOGUE_ERROR_CODES, messageCodeOf } from '../errors/authError'
import type { AuthErrorCode, CatalogueErrorCode } from '../errors/authError'
import { errorMessages } from '../errors/errorMessages'
import type { Locale } from '../i18n/locales'
import type { ErrorCatalogue } from './errorCatalogue'
import { loadMessages } from './loadMessages'
import type { LocaleMessages } from './loadMessages'

/** The error texts of a locale's messages (`error.<code>` → `<code>`). */
export function errorCatalogueOf(messages: LocaleMessages): ErrorCatalogue {
  const catalogue: Partial<Record<CatalogueErrorCode, string>> = {}
  for (const code of CATALOGUE_ERROR_CODES) {
    const text = messages[`error.${code}`]
    if (text) catalogue[code] = text
  }
  return catalogue
}

/**
 * The error texts of `locale`: English's own record for `en`, otherwise from the locale's lazy
 * chunk. Look a code up with {@link errorMessageIn}, which falls back to English per code.
 *
 * ```ts
 * const catalogue = await loadErrorMessages(readLocale(document.cookie) ?? 'en')
 * show(errorMessageIn(catalogue, error.code))
 * ```
 */
export async function loadErrorMessages(locale: Locale): Promise<ErrorCatalogue> {
  if (locale === 'en') return errorMessages
  return errorCatalogueOf(await loadMessages(locale))
}

/**
 * The text of `code` in `catalogue`, or English when the catalogue lacks it (or it is empty). A
 * developer code (`configuration_error`, `usage_error`) gets `unknown_error`'s text.
 */
export function errorMessageIn(catalogue: ErrorCatalogue, code: AuthErrorCode): string {
  const shown = messageCodeOf(code)
  return catalogue[shown] || errorMessages[shown]
}
