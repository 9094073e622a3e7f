import { describe, expect, it } from 'vitest'
import type { CookieRemoval, CookieWrite } from './cookie.types'
import { serializeCookie, serializeCookieRemoval } from './serializeCookie'

const write = (overrides: Partial<CookieWrite> = {}): CookieWrite => ({
  name: 'access_token',
  value: 'abc.def.ghi',
  domain: '.example.com',
  path: '/',
  secure: true,
  sameSite: 'Lax',
  maxAgeSeconds: 3600,
  ...overrides,
})

describe('serializeCookie', () => {
  it('writes every attribute, in order, byte for byte', () => {
    expect(serializeCookie(write())).toBe(
      'access_token=abc.def.ghi; Domain=.example.com; Path=/; Max-Age=3600; Secure; SameSite=Lax',
    )
  })

  it('leaves Domain out for a host-only cookie', () => {
    expect(serializeCookie(write({ domain: undefined }))).toBe(
      'access_token=abc.def.ghi; Path=/; Max-Age=3600; Secure; SameSite=Lax',
    )
  })

  it('leaves Max-Age out for a session cookie', () => {
    expect(serializeCookie(write({ name: 'sid', maxAgeSeconds: undefined }))).toBe(
      'sid=abc.def.ghi; Domain=.example.com; Path=/; Secure; SameSite=Lax',
    )
  })

  it('accepts a Domain whose labels are one character long', () => {
    expect(serializeCookie(write({ domain: '.x.example.com' }))).toContain('Domain=.x.example.com;')
  })

  it.each([
    ['a name with =', { name: 'a=b' }, 'name'],
    ['a value with ;', { value: 'x; Domain=evil.example' }, 'value'],
    ['a value with CR/LF', { value: 'x\r\ny' }, 'value'],
    ['an empty value', { value: '' }, 'value'],
    ['a domain with ;', { domain: '.example.com; Secure' }, 'Domain'],
    ['a domain without its leading dot', { domain: 'example.com' }, 'Domain'],
    ['an uppercase domain', { domain: '.Example.com' }, 'Domain'],
    ['another path', { path: '/admin' as '/' }, 'Path'],
    ['Max-Age 0', { maxAgeSeconds: 0 }, 'Max-Age'],
    ['a negative Max-Age', { maxAgeSeconds: -5 }, 'Max-Age'],
    ['a fractional Max-Age', { maxAgeSeconds: 1.5 }, 'Max-Age'],
    ['a NaN Max-Age', { maxAgeSeconds: Number.NaN }, 'Max-Age'],
  ])('refuses %s with unknown_error, naming the %s', (_label, override, part) => {
    expect(() => serializeCookie(write(override))).toThrow(
      expect.objectContaining({
        code: 'unknown_error',
        message: `Refused to serialize a cookie with an invalid ${part}.`,
      }),
    )
  })
})

describe('serializeCookieRemoval', () => {
  const removal: CookieRemoval = { name: 'post_login_redirect', domain: '.example.com', path: '/' }

  it('writes an empty value with Max-Age=0 and the same scope, byte for byte', () => {
    expect(serializeCookieRemoval(removal)).toBe(
      'post_login_redirect=; Domain=.example.com; Path=/; Max-Age=0; Secure; SameSite=Lax',
    )
  })

  it('leaves Domain out for a host-only cookie', () => {
    expect(serializeCookieRemoval({ name: 'access_token', path: '/' })).toBe(
      'access_token=; Path=/; Max-Age=0; Secure; SameSite=Lax',
    )
  })

  it('refuses an invalid name', () => {
    expect(() => serializeCookieRemoval({ ...removal, name: 'a b' })).toThrow(
      expect.objectContaining({
        code: 'unknown_error',
        message: 'Refused to serialize a cookie with an invalid name.',
      }),
    )
  })

  it('refuses an invalid domain', () => {
    expect(() => serializeCookieRemoval({ ...removal, domain: 'example.com' })).toThrow(
      expect.objectContaining({
        code: 'unknown_error',
        message: 'Refused to serialize a cookie with an invalid Domain.',
      }),
    )
  })

  it('expires a tossed cookie at a deeper path, byte for byte', () => {
    expect(serializeCookieRemoval({ ...removal, name: 'access_token', path: '/a/b/' })).toBe(
      'access_token=; Domain=.example.com; Path=/a/b/; Max-Age=0; Secure; SameSite=Lax',
    )
  })

  it.each([['/a; Domain=evil.com'], ['a/b'], [''], ['/a b']])(
    'refuses the path %j (no attribute injection through a hand-built removal)',
    (path) => {
      expect(() => serializeCookieRemoval({ ...removal, path })).toThrow(
        expect.objectContaining({
          code: 'unknown_error',
          message: 'Refused to serialize a cookie with an invalid Path.',
        }),
      )
    },
  )
})
