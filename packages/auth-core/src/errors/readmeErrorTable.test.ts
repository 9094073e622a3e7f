import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { AUTH_ERROR_CODES } from './authError'
import { messageFor } from './errorMessages'

/** The package README's "Error codes and their messages" table, as code → message. */
function readmeTable(): Map<string, string> {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
  // Only that section: other tables (e.g. the session's events) have code-like first cells too.
  const section = readme.split(/^## /m).find((part) => part.startsWith('Error codes')) ?? ''
  const rows = [...section.matchAll(/^\|\s*`([a-z_]+)`\s*\|\s*(.+?)\s*\|$/gm)]
  return new Map(rows.map(([, code = '', message = '']) => [code, message.replace(/\\\|/g, '|')]))
}

describe('the README error table', () => {
  it('lists every AuthErrorCode with the message messageFor gives, and no other code', () => {
    const table = readmeTable()
    for (const code of AUTH_ERROR_CODES) expect(table.get(code), code).toBe(messageFor(code))
    expect([...table.keys()].sort()).toEqual([...AUTH_ERROR_CODES].sort())
  })
})
