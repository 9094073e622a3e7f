/**
 * Records shared by every test of a run (each worker appends; the final check reads them):
 * secret values seen, Sentry envelopes received, CSP / Trusted Types violations and pages watched.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { RUN_DIR } from './env'

export const RUN_FILES = {
  /** One JSON line per secret value: `{ value, kind, test }`. */
  corpus: join(RUN_DIR, 'corpus.jsonl'),
  /** One JSON line per Sentry envelope the dev platform received: `{ receivedAt, body }`. */
  envelopes: join(RUN_DIR, 'envelopes.jsonl'),
  /** One JSON line per test: its CSP / Trusted Types violations and the app documents it loaded. */
  violations: join(RUN_DIR, 'violations.jsonl'),
  /** base64 SHA-256 of the test certificate's public key (production mode). */
  spki: join(RUN_DIR, 'spki'),
} as const

export function appendJsonLines(file: string, records: readonly unknown[]): void {
  if (records.length === 0) return
  appendFileSync(file, records.map((record) => `${JSON.stringify(record)}\n`).join(''))
}

export function readJsonLines<T>(file: string): T[] {
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T)
}
