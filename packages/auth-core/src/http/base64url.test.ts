import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { encodeBase64Url } from './base64url'

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
