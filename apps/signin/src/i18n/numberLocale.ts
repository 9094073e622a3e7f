import type { Locale } from '@mapping-platform/auth-core'

/**
 * The tag every number of the page is written with: `locale` with Latin digits (`-u-nu-latn`),
 * so each engine writes the same digits. Current CLDR writes Latin digits by default in every
 * locale of the page, Arabic included (Chromium, Firefox); an engine on an older ICU writes
 * Arabic-Indic digits for `ar` (WebKitGTK on Debian 12's ICU 72: "الرقم ١ من ٦"), while the code
 * a person reads in an authenticator app and types is in Latin digits.
 * @see https://www.unicode.org/reports/tr35/#UnicodeNumberSystemIdentifier
 */
export function numberLocale(locale: Locale): string {
  return `${locale}-u-nu-latn`
}
