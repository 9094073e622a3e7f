import { describe, expect, it } from 'vitest'
import { isValidCode, isValidEmail, isValidPassword, normalizeEmail } from './validation'

describe('isValidEmail', () => {
  it.each([
    'pat@example.com',
    'Pat.Smith+maps@Example.CO.UK',
    ' pat@example.com ',
    "o'brien@sub.example.org",
    'a@b.io',
    'pat@maps.x.example.com',
    // 254 characters, the longest address SMTP can carry (RFC 5321 4.5.3.1.3 via its path limit).
    `${'a'.repeat(242)}@example.com`,
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true)
  })

  it.each([
    '',
    'pat',
    'pat@',
    '@example.com',
    'pat@example',
    'pat@@example.com',
    'pat@exa mple.com',
    'pat@-example.com',
    'pat@example.com.',
    `${'a'.repeat(243)}@example.com`,
    `${'a'.repeat(250)}@example.com`,
    'pät@example.com',
  ])('refuses %j', (email) => {
    expect(isValidEmail(email)).toBe(false)
  })

  it('normalizes by trimming only (case kept for the identity provider)', () => {
    expect(normalizeEmail('  Pat@Example.com\t')).toBe('Pat@Example.com')
  })
})

describe('isValidPassword', () => {
  it('enables Sign in at 4 characters, counting characters rather than UTF-16 units', () => {
    expect(isValidPassword('abc')).toBe(false)
    expect(isValidPassword('abcd')).toBe(true)
    expect(isValidPassword('    ')).toBe(true)
    expect(isValidPassword('😀😀')).toBe(false)
    expect(isValidPassword('😀😀😀😀')).toBe(true)
  })
})

describe('isValidCode', () => {
  it('accepts exactly six ASCII digits', () => {
    expect(isValidCode('012345')).toBe(true)
    expect(isValidCode('12345')).toBe(false)
    expect(isValidCode('1234567')).toBe(false)
    expect(isValidCode('12345a')).toBe(false)
    expect(isValidCode('١٢٣٤٥٦')).toBe(false)
  })
})
