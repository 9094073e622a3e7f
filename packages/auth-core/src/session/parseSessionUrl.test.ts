import { describe, expect, it } from 'vitest'
import { parseSessionUrl } from './parseSessionUrl'

const production = { parentDomain: '.example.com', localMode: false }
const local = { parentDomain: '.example.com', localMode: true }

describe('parseSessionUrl', () => {
  it.each([
    ['https://citystream.example.com/', 'https://citystream.example.com/'],
    ['https://citystream.example.com/maps?x=1', 'https://citystream.example.com/maps?x=1'],
    ['https://example.com', 'https://example.com/'],
    ['https://a.b.example.com:8443/p', 'https://a.b.example.com:8443/p'],
    ['HTTPS://CityStream.Example.com/', 'https://citystream.example.com/'],
  ])('in production: accepts %s as %s', (text, href) => {
    expect(parseSessionUrl(production, text)).toBe(href)
  })

  it('a parent domain written without its leading dot matches no look-alike host', () => {
    const dotless = { parentDomain: 'platform.test', localMode: false }
    expect(parseSessionUrl(dotless, 'https://evilplatform.test/')).toBeNull()
    expect(parseSessionUrl(dotless, 'https://signin.evilplatform.test/')).toBeNull()
  })

  it('accepts the parent domain itself and its sub-domains, nothing that merely ends like it', () => {
    const platform = { parentDomain: '.platform.test', localMode: false }
    expect(parseSessionUrl(platform, 'https://platform.test/')).toBe('https://platform.test/')
    expect(parseSessionUrl(platform, 'https://signin.platform.test/x')).toBe(
      'https://signin.platform.test/x',
    )
    expect(parseSessionUrl(platform, 'https://evilplatform.test/')).toBeNull()
  })

  it('compares the parent domain case-insensitively', () => {
    expect(
      parseSessionUrl({ ...production, parentDomain: '.Example.COM' }, 'https://a.example.com/'),
    ).toBe('https://a.example.com/')
  })

  it.each([
    ['http on the parent domain', 'http://citystream.example.com/'],
    ['another domain', 'https://evil.com/'],
    ['a look-alike domain', 'https://evilexample.com/'],
    ['a look-alike suffix', 'https://citystream.example.com.evil.com/'],
    ['user info', 'https://user:pw@citystream.example.com/'],
    ['user info hiding the host', 'https://citystream.example.com@evil.com/'],
    ['a fragment', 'https://citystream.example.com/#x'],
    ['a relative path', '/signed-out'],
    ['a protocol-relative URL', '//citystream.example.com/'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,x'],
    ['an empty string', ''],
  ])('in production: refuses %s', (_label, text) => {
    expect(parseSessionUrl(production, text)).toBeNull()
  })

  it.each([
    ['http://localhost:3000/', 'http://localhost:3000/'],
    ['https://localhost:3000/', 'https://localhost:3000/'],
  ])('in local mode: accepts %s on any host', (text, href) => {
    expect(parseSessionUrl(local, text)).toBe(href)
  })

  it.each([
    ['ftp://localhost/'],
    ['javascript:alert(1)'],
    ['http://u:p@localhost/'],
    ['http://localhost/#x'],
  ])('in local mode: still refuses %s', (text) => {
    expect(parseSessionUrl(local, text)).toBeNull()
  })

  it.each([[undefined], [42], [null]])(
    'a parent domain that is not a string (%j, a JavaScript caller): refused, without throwing',
    (parentDomain) => {
      const config = { parentDomain: parentDomain as unknown as string, localMode: false }
      expect(parseSessionUrl(config, 'https://signin.example.com/')).toBeNull()
    },
  )
})
