import { describe, expect, it } from 'vitest'
import { readCookieHeader } from './readCookieHeader'

describe('readCookieHeader', () => {
  it('reads each name of a Cookie header or document.cookie, values verbatim', () => {
    const cookies = readCookieHeader('a=1; hint=a=b%20c;b= two ;locale=de')
    expect(cookies.get('a')).toBe('1')
    expect(cookies.get('hint')).toBe('a=b%20c')
    expect(cookies.get('b')).toBe('two')
    expect(cookies.get('locale')).toBe('de')
    expect(cookies.get('absent')).toBeUndefined()
    expect(cookies.getAll('absent')).toEqual([])
  })

  it('lists every copy of a name in header order, and get answers none of them', () => {
    const cookies = readCookieHeader('access_token=tossed; other=x; access_token=ours')
    expect(cookies.getAll('access_token')).toEqual(['tossed', 'ours'])
    expect(cookies.get('access_token')).toBeUndefined()
  })

  it('an empty value is a cookie; a pair without = or without a name is none', () => {
    const cookies = readCookieHeader('empty=; loose; =nameless; ok=1')
    expect(cookies.getAll('empty')).toEqual([''])
    expect(cookies.getAll('loose')).toEqual([])
    expect(cookies.getAll('')).toEqual([])
    expect(cookies.get('ok')).toBe('1')
    expect(readCookieHeader('').getAll('')).toEqual([])
  })
})
