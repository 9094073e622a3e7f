import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeBase64Url, encodeBase64Url } from './base64url'

const ascii = (text: string): Uint8Array => new TextEncoder().encode(text)

describe('encodeBase64Url', () => {
  it.each([
    ['', ''],
    ['f', 'Zg'],
    ['fo', 'Zm8'],
    ['foo', 'Zm9v'],
    ['foob', 'Zm9vYg'],
    ['fooba', 'Zm9vYmE'],
    ['foobar', 'Zm9vYmFy'],
  ])('on the RFC 4648 vector %j: returns %j without padding', (input, expected) => {
    expect(encodeBase64Url(ascii(input))).toBe(expected)
  })

  it('on bytes that map to + and / in base64: uses - and _', () => {
    expect(encodeBase64Url(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe('-_-_')
  })

  it('on 32 bytes: returns 43 URL-safe characters', () => {
    expect(encodeBase64Url(new Uint8Array(32).fill(0xff))).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('on any bytes: matches the platform base64url encoder', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        expect(encodeBase64Url(bytes)).toBe(Buffer.from(bytes).toString('base64url'))
      }),
    )
  })
})

describe('decodeBase64Url', () => {
  it.each([
    ['', ''],
    ['Zg', 'f'],
    ['Zm8', 'fo'],
    ['Zm9v', 'foo'],
    ['Zm9vYmE', 'fooba'],
    ['Zm9vYmE=', 'fooba'],
    ['Zg==', 'f'],
  ])('on %j: returns the bytes of %j', (input, expected) => {
    expect(decodeBase64Url(input)).toEqual(ascii(expected))
  })

  it.each([['a'], ['Zm9v!'], ['Zm+v'], ['Zm/v'], ['Zm9vY'], ['=Zg']])(
    'on %j (not base64url): returns null',
    (input) => {
      expect(decodeBase64Url(input)).toBeNull()
    },
  )

  it('on any bytes: round-trips with encodeBase64Url', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        expect(decodeBase64Url(encodeBase64Url(bytes))).toEqual(bytes)
      }),
    )
  })
})
