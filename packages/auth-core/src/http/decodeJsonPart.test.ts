import { describe, expect, it } from 'vitest'
import { encodeBase64Url } from './base64url'
import { decodeJsonPart } from './decodeJsonPart'

const b64 = (text: string): string => encodeBase64Url(new TextEncoder().encode(text))

describe('decodeJsonPart', () => {
  it.each([
    ['an object', '{"exp":1700000000,"sub":"u1"}', { exp: 1_700_000_000, sub: 'u1' }],
    ['a number', '42', 42],
    ['null', 'null', null],
    ['text with non-ASCII characters', '{"name":"Zoë"}', { name: 'Zoë' }],
  ])('decodes %s', (_label, json, value) => {
    expect(decodeJsonPart(b64(json))).toEqual(value)
  })

  it.each([
    ['not base64url', 'a!b'],
    ['base64url of text that is not JSON', b64('not json')],
    ['empty', ''],
    ['bytes that are not UTF-8', encodeBase64Url(new Uint8Array([0xff, 0xfe]))],
    // A lenient decoder would read the 0xff as U+FFFD and accept this as JSON.
    [
      'JSON with a byte that is not UTF-8 inside a string',
      encodeBase64Url(
        new Uint8Array([...new TextEncoder().encode('{"exp":1,"n":"'), 0xff, 0x22, 0x7d]),
      ),
    ],
  ])('on %s: undefined', (_label, part) => {
    expect(decodeJsonPart(part)).toBeUndefined()
  })
})
