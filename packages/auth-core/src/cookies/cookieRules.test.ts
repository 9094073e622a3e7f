import { describe, expect, it } from 'vitest'
import { localTestConfig, testConfig } from '../testSupport/testConfig'
import {
  cookieScope,
  isCookieName,
  isCookieValue,
  isParentDomain,
  MAX_COOKIE_BYTES,
} from './cookieRules'

describe('isCookieName', () => {
  it.each(['access_token', 'refresh_token', 'a', 'A-1_b', 'x'.repeat(64)])('accepts %j', (name) => {
    expect(isCookieName(name)).toBe(true)
  })

  it.each([
    ['empty', ''],
    ['65 characters', 'x'.repeat(65)],
    ['a dot', 'a.b'],
    ['a space', 'a b'],
    ['an equals sign', 'a=b'],
    ['a semicolon', 'a;b'],
    ['non-ASCII', 'tökén'],
    ['a number', 42],
    ['null', null],
  ])('refuses %s', (_label, name) => {
    expect(isCookieName(name)).toBe(false)
  })
})

describe('isCookieValue', () => {
  it.each([
    ['a JWT', 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln'],
    ['every allowed punctuation', "!#$%&'()*+-./:<=>?@[]^_`{|}~"],
    ['base64 with padding', 'YWJj+/=='],
  ])('accepts %s', (_label, value) => {
    expect(isCookieValue(value)).toBe(true)
  })

  it.each([
    ['empty', ''],
    ['a semicolon (attribute injection)', 'abc; Domain=evil.example'],
    ['a comma', 'a,b'],
    ['a space', 'a b'],
    ['a double quote', '"abc"'],
    ['a backslash', 'a\\b'],
    ['CR/LF', 'a\r\nSet-Cookie: x=y'],
    ['a tab', 'a\tb'],
    ['DEL', 'a\x7fb'],
    ['non-ASCII', 'café'],
    ['a non-string', 12],
  ])('refuses %s', (_label, value) => {
    expect(isCookieValue(value)).toBe(false)
  })

  it('counts name plus value against the 4096-byte limit', () => {
    expect(isCookieValue('v'.repeat(MAX_COOKIE_BYTES - 1), 'a')).toBe(true)
    expect(isCookieValue('v'.repeat(MAX_COOKIE_BYTES), 'a')).toBe(false)
    expect(isCookieValue('v'.repeat(MAX_COOKIE_BYTES))).toBe(true)
  })
})

describe('cookieScope', () => {
  it('in production: uses the parent domain and path /', () => {
    expect(cookieScope(testConfig())).toEqual({ domain: '.example.com', path: '/' })
  })

  it('in local mode: host-only (no domain) and path /', () => {
    expect(cookieScope(localTestConfig())).toEqual({ path: '/' })
  })

  it('needs only parentDomain and localMode', () => {
    expect(cookieScope({ parentDomain: '.example.org', localMode: false })).toEqual({
      domain: '.example.org',
      path: '/',
    })
  })
})

describe('isParentDomain', () => {
  it.each(['.example.com', '.a.b.example.co.uk', '.x1.example-2.com', `.${'a'.repeat(63)}.com`])(
    'accepts %s',
    (value) => {
      expect(isParentDomain(value)).toBe(true)
    },
  )

  it.each([
    ['no leading dot', 'example.com'],
    ['one label', '.com'],
    ['capitals', '.Example.com'],
    ['a trailing dot', '.example.com.'],
    ['an empty label', '.example..com'],
    ['a leading hyphen', '.-example.com'],
    ['a trailing hyphen', '.example-.com'],
    ['an underscore', '.ex_ample.com'],
    ['a 64-character label', `.${'a'.repeat(64)}.com`],
    ['a port', '.example.com:443'],
    ['a path', '.example.com/x'],
    ['more than 253 characters', `${'.abcdefghi'.repeat(25)}.com`],
    ['nothing', ''],
  ])('refuses %s', (_label, value) => {
    expect(isParentDomain(value)).toBe(false)
  })

  it('accepts a single label only in local mode', () => {
    expect(isParentDomain('.localhost', true)).toBe(true)
    expect(isParentDomain('.localhost')).toBe(false)
    expect(isParentDomain('localhost', true)).toBe(false)
  })
})
