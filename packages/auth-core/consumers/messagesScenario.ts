import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { errorMessages } from '../src/errors/errorMessages'

const locales = resolve(import.meta.dirname, '../src/messages/locales')
/** A locale's texts as the package's sources hold them. */
function textOf(tag: string, key: string): string {
  const messages = JSON.parse(readFileSync(resolve(locales, `${tag}.json`), 'utf8')) as Record<
    string,
    string
  >
  const text = messages[key]
  if (typeof text !== 'string') throw new Error(`${tag}.json has no ${key}`)
  return text
}

/**
 * What `templates/node/messages.{mjs,cjs}` must print: the language picked from the `locale`
 * cookie, from `navigator.languages` (`pt` → `pt-BR`) and from `ui_locales` (before the cookie),
 * Arabic written right to left, and the `timeout` error in Arabic and German as the package's
 * own catalogues word it (English from the main entry's catalogue).
 */
export const MESSAGES_SCENARIO = {
  locales: 31,
  fromCookie: 'ar',
  fromBrowser: 'pt-BR',
  fromQuery: 'de',
  arDirection: 'rtl',
  timeout: {
    ar: textOf('ar', 'error.timeout'),
    de: textOf('de', 'error.timeout'),
    en: errorMessages.timeout,
  },
}
