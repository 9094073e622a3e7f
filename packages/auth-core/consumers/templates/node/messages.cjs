// A sub-site's Node CommonJS script using `@mapping-platform/auth-core/messages`: it picks the
// person's language as the sign-in page does, loads that language's error texts (one lazy chunk)
// and prints one JSON line.
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS consumer require()s: that is what this proves */
const {
  LOCALES,
  errorMessageIn,
  loadErrorMessages,
  localeDirection,
  negotiateLocale,
  readLocale,
} = require('@mapping-platform/auth-core/messages')

const fromCookie = negotiateLocale({
  search: '',
  saved: readLocale('theme=dark; locale=ar'),
  languages: ['en-GB'],
})
const fromBrowser = negotiateLocale({ search: '', saved: null, languages: ['pt', 'en'] })
const fromQuery = negotiateLocale({ search: '?ui_locales=de', saved: 'ar', languages: [] })
async function main() {
  const [ar, de, en] = await Promise.all(['ar', 'de', 'en'].map((tag) => loadErrorMessages(tag)))
  console.log(
    JSON.stringify({
      locales: LOCALES.length,
      fromCookie,
      fromBrowser,
      fromQuery,
      arDirection: localeDirection('ar'),
      timeout: {
        ar: errorMessageIn(ar, 'timeout'),
        de: errorMessageIn(de, 'timeout'),
        en: errorMessageIn(en, 'timeout'),
      },
    }),
  )
}
void main()
