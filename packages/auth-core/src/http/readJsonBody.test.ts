import { describe, expect, it } from 'vitest'
import { AuthError } from '../errors/authError'
import { isJsonObject } from './isJsonObject'
import { readJsonBody } from './readJsonBody'

const failingBody = (reason: unknown) =>
  new Response(
    new ReadableStream({
      start(controller) {
        controller.error(reason)
      },
    }),
  )

describe('readJsonBody', () => {
  it.each([
    ['an object', '{"a":1}', { a: 1 }],
    ['an array', '[1]', [1]],
    ['null', 'null', null],
    ['a string', '"x"', 'x'],
  ])('on JSON %s: returns the parsed value', async (_label, text, value) => {
    await expect(readJsonBody(new Response(text))).resolves.toEqual({ parsed: true, value })
  })

  it.each([
    ['HTML', '<html></html>'],
    ['an empty body', ''],
    ['truncated JSON', '{"a":'],
  ])('on %s: returns parsed false', async (_label, text) => {
    await expect(readJsonBody(new Response(text))).resolves.toEqual({ parsed: false })
  })

  it('keeps __proto__ as an own key without touching any prototype', async () => {
    const result = await readJsonBody(new Response('{"__proto__":{"polluted":true}}'))
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(result.parsed && Object.keys(result.value as object)).toEqual(['__proto__'])
  })

  it.each([
    ['a timeout', new DOMException('signal timed out', 'TimeoutError'), 'timeout'],
    ['a network failure', new TypeError('network error'), 'network_error'],
  ])('when the body fails with %s: throws an AuthError %s', async (_label, reason, code) => {
    const error = await readJsonBody(failingBody(reason)).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AuthError)
    expect((error as AuthError).code).toBe(code)
  })
})

describe('isJsonObject', () => {
  it.each([
    [{}, true],
    [{ a: 1 }, true],
    [[], false],
    [null, false],
    ['x', false],
    [1, false],
  ])('%j → %s', (value, expected) => {
    expect(isJsonObject(value)).toBe(expected)
  })
})
