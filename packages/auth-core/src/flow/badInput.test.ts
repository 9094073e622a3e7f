/**
 * What the flow makes of input it cannot trust: stored OAuth transactions of the wrong shape or
 * types, and code-entry indexes out of range.
 */
import { describe, expect, it } from 'vitest'
import { codeEntryReducer } from '../codeEntry/codeEntry'
import { getCodeInputAttrs } from '../codeEntry/codeEntry.attrs'
import { initialCodeEntry } from '../codeEntry/initialCodeEntry'
import { OAUTH_STATE } from '../testSupport/flowHarness'
import { parseOAuthTransaction, serializeOAuthTransaction } from './oauthTransaction'

describe('signInFlow: edges', () => {
  it('a stored OAuth transaction with the wrong shape is refused', () => {
    expect(
      parseOAuthTransaction(
        JSON.stringify({ provider: 'okta', state: 'short', nonce: 'n', createdAt: 1 }),
      ),
    ).toBeNull()
    expect(
      parseOAuthTransaction(
        JSON.stringify({
          provider: 'evil',
          state: 'S'.repeat(43),
          nonce: 'N'.repeat(43),
          createdAt: 1,
        }),
      ),
    ).toBeNull()
    expect(parseOAuthTransaction('null')).toBeNull()
    const valid = {
      provider: 'google' as const,
      state: 'S'.repeat(43),
      nonce: 'N'.repeat(43),
      createdAt: 1,
    }
    expect(parseOAuthTransaction(serializeOAuthTransaction(valid))).toEqual(valid)
  })

  it('the code entry tolerates out-of-range and non-integer indexes', () => {
    expect(
      codeEntryReducer(initialCodeEntry(), { type: 'textEntered', index: Number.NaN, text: '7' })
        .digits[0],
    ).toBe('7')
    expect(
      codeEntryReducer(initialCodeEntry(), { type: 'textEntered', index: 99, text: '7' }).digits[5],
    ).toBe('7')
    expect(getCodeInputAttrs(initialCodeEntry(), 9).value).toBe('')
  })
})

describe('parseOAuthTransaction', () => {
  it.each([
    [
      'an extra key',
      { provider: 'okta', state: 'S'.repeat(43), nonce: 'N'.repeat(43), createdAt: 1, extra: 1 },
    ],
    ['a missing key', { provider: 'okta', state: 'S'.repeat(43), nonce: 'N'.repeat(43) }],
    [
      'a negative time',
      { provider: 'okta', state: 'S'.repeat(43), nonce: 'N'.repeat(43), createdAt: -1 },
    ],
    [
      'a fractional time',
      { provider: 'okta', state: 'S'.repeat(43), nonce: 'N'.repeat(43), createdAt: 1.5 },
    ],
    ['a numeric nonce', { provider: 'okta', state: 'S'.repeat(43), nonce: 43, createdAt: 1 }],
    ['an array', ['okta']],
  ])('refuses %s', (_name, value) => {
    expect(parseOAuthTransaction(JSON.stringify(value))).toBeNull()
  })

  it('returns a fresh object with exactly the four fields', () => {
    const parsed = parseOAuthTransaction(
      '{"provider":"okta","state":"' +
        'S'.repeat(43) +
        '","nonce":"' +
        'N'.repeat(43) +
        '","createdAt":5}',
    )
    expect(parsed).toEqual({
      provider: 'okta',
      state: 'S'.repeat(43),
      nonce: 'N'.repeat(43),
      createdAt: 5,
    })
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype)
  })
})

describe('the guards around the flow', () => {
  it.each(['null', '42', '"text"', '[1,2,3,4]', '{'])(
    'a stored OAuth item of %s is nothing',
    (raw) => {
      expect(parseOAuthTransaction(raw)).toBeNull()
    },
  )
})

describe('parseOAuthTransaction: only exactly typed items', () => {
  const item = { provider: 'okta', state: OAUTH_STATE, nonce: 'N'.repeat(43), createdAt: 1 }

  it('reads nothing stored as null', () => {
    expect(parseOAuthTransaction(null)).toBeNull()
  })

  it('accepts a transaction created at epoch 0', () => {
    expect(parseOAuthTransaction(JSON.stringify({ ...item, createdAt: 0 }))).toEqual({
      ...item,
      createdAt: 0,
    })
  })

  it.each([
    ['a state wrapped in a list', { ...item, state: [OAUTH_STATE] }],
    ['a nonce wrapped in a list', { ...item, nonce: ['N'.repeat(43)] }],
  ])('refuses %s', (_label, stored) => {
    expect(parseOAuthTransaction(JSON.stringify(stored))).toBeNull()
  })
})
