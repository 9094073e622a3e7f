import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_POST_LOGIN_PATH_LENGTH, isPostLoginPath } from './isPostLoginPath'

describe('isPostLoginPath', () => {
  it.each([
    ['/'],
    ['/projects/42'],
    ['/projects/42?tab=map'],
    ['/projects/42/?tab=map&zoom=3'],
    ['/a?next=//evil.com'],
    ['/a?q=http://x'],
    ['/search?q=a%20b'],
    ['/caf%C3%A9'],
    ['/price/%E2%82%AC'],
    ['/%c3%bcber'],
    ['/%23not-a-fragment'],
    ['/a/./b/../c'],
    ['/a/../b'],
    ['/..'],
    ['/./a'],
    ['/a/..'],
    ['/a/.../b'],
    ['/a/..b//c'],
    ['/a//b'],
    ['/@evil.com'],
    ['/a:b'],
    ['/münchen'],
    ['/?'],
    [`/${'a'.repeat(MAX_POST_LOGIN_PATH_LENGTH - 1)}`],
  ])('accepts the same-origin path %j', (value) => {
    expect(isPostLoginPath(value)).toBe(true)
  })

  it.each([
    ['//evil.com', 'a network-path reference'],
    ['//evil.com/a', 'a network-path reference with a path'],
    ['///evil.com', 'three slashes'],
    ['/\\evil.com', 'slash backslash'],
    ['\\\\evil.com', 'two backslashes'],
    ['\\evil.com', 'a leading backslash'],
    ['/a\\b', 'a backslash later on'],
    ['/%2F/evil.com', 'an escaped second slash'],
    ['/%2fevil.com', 'an escaped second slash, lowercase'],
    ['/%5Cevil.com', 'an escaped backslash after the slash'],
    ['/%0d', 'an escaped CR'],
    ['/%0D%0ASet-Cookie:x=1', 'an escaped CRLF'],
    ['/a%00b', 'an escaped NUL'],
    ['/a%7f', 'an escaped DEL'],
    ['/a%C2%85', 'an escaped C1 next line (UTF-8)'],
    ['/a%c2%9b', 'an escaped C1 control (UTF-8)'],
    ['/a%', 'a lone percent'],
    ['/a%2', 'a truncated escape'],
    ['/a%zz', 'a percent without hex digits'],
    ['/\t/evil.com', 'a tab that URL parsers strip'],
    ['/a\tb', 'a tab'],
    ['/a\nb', 'a newline'],
    ['/a\rb', 'a CR'],
    ['/a b', 'a space'],
    ['/a\u00a0b', 'a no-break space'],
    ['/a\u2028b', 'a line separator'],
    ['/a\u0000b', 'a NUL'],
    ['/a\u007fb', 'a DEL'],
    ['/a\u0085b', 'a C1 next line'],
    ['/a#b', 'a fragment'],
    ['/#', 'an empty fragment'],
    ['https://x', 'an absolute URL'],
    ['https://evil.com/a', 'an absolute URL with a path'],
    ['javascript:alert(1)', 'a javascript: URL'],
    ['evil.com', 'a host'],
    ['a/b', 'a relative path'],
    ['?a=b', 'a query alone'],
    ['', 'the empty string'],
    [' /a', 'a leading space'],
    [`/${'a'.repeat(MAX_POST_LOGIN_PATH_LENGTH)}`, '2049 characters'],
    ['/.//evil.com', 'a dot segment before a second slash'],
    ['/..//evil.com', 'a double-dot segment before a second slash'],
    ['/a/..//evil.com', 'a double-dot segment that climbs back to the root'],
    ['/a/b/../..//evil.com', 'two double-dot segments that climb back to the root'],
    ['/%2e//evil.com', 'an escaped dot segment'],
    ['/%2e%2e//evil.com', 'an escaped double-dot segment'],
    ['/%2E%2E//evil.com', 'an escaped double-dot segment, uppercase'],
    ['/.%2e//evil.com', 'a half-escaped double-dot segment'],
    ['/a/..//evil.com?x=1', 'a double-dot segment with a query'],
    ['/../%2fevil.com', 'a double-dot segment before an escaped slash'],
    ['/./%5cevil.com', 'a dot segment before an escaped backslash'],
  ])('refuses %j (%s)', (value) => {
    expect(isPostLoginPath(value)).toBe(false)
  })

  it.each([[undefined], [null], [42], [['/a']], [{ path: '/a' }]])('refuses %j', (value) => {
    expect(isPostLoginPath(value)).toBe(false)
  })

  it('accepts exactly 2048 characters and no more', () => {
    const path = `/${'a'.repeat(MAX_POST_LOGIN_PATH_LENGTH - 1)}`
    expect(path).toHaveLength(2048)
    expect(isPostLoginPath(path)).toBe(true)
    expect(isPostLoginPath(`${path}a`)).toBe(false)
  })

  it('whatever it accepts, appended to an origin, stays on that origin with that path', () => {
    const origin = 'https://roads.example.com'
    fc.assert(
      fc.property(fc.string({ maxLength: 40, unit: 'binary' }), (tail) => {
        const value = `/${tail}`
        if (!isPostLoginPath(value)) return
        const url = new URL(`${origin}${value}`)
        expect(url.origin).toBe(origin)
        expect(url.hash).toBe('')
        expect(url.username + url.password).toBe('')
      }),
      { numRuns: 300 },
    )
  })

  it('whatever it accepts keeps the origin, and its resolved path never starts with two slashes', () => {
    const origin = 'https://sub.example.com'
    const segment = fc.constantFrom(
      '',
      '.',
      '..',
      '%2e',
      '%2E%2e',
      '.%2e',
      'a',
      'evil.com',
      '%2f',
      '%5c',
    )
    const built = fc
      .array(segment, { minLength: 1, maxLength: 6 })
      .map((parts) => `/${parts.join('/')}`)
    fc.assert(
      fc.property(
        fc.oneof(
          built,
          fc.string({ maxLength: 24 }).map((tail) => `/${tail}`),
        ),
        (value) => {
          if (!isPostLoginPath(value)) return
          const url = new URL(value, origin)
          expect(url.origin).toBe(origin)
          expect(url.pathname).not.toMatch(/^\/(?:[/\\]|%2f|%5c)/i)
        },
      ),
      { numRuns: 2000 },
    )
  })
})
