import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT_DIR } from './env'

/** The catalogue's texts in `locale` (auth-core's `messages/locales/<locale>.json`), by key. */
export function textsOf(locale: string): Record<string, string> {
  return JSON.parse(
    readFileSync(join(ROOT_DIR, `packages/auth-core/src/messages/locales/${locale}.json`), 'utf8'),
  ) as Record<string, string>
}
