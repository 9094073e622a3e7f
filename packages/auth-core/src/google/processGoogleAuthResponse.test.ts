import { describe, expect, it } from 'vitest'
import type { AuthError } from '../errors/authError'
import { processGoogleAuthResponse } from './processGoogleAuthResponse'
import { rejection as rejectionOf } from '../testSupport/rejection'

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const rejection = (response: Response): Promise<AuthError> =>
  rejectionOf(processGoogleAuthResponse(response))

const manyCookies = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`c${i}`, 'v']))

describe('processGoogleAuthResponse', () => {
  it('on a 200 cookie map: returns the names and values', async () => {
    const map = {
      access_token: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln',
      refresh_token: 'rt-1',
      sid: "a!#$%&'()*+-./:<=>?@[]^_`{|}~",
    }
    await expect(processGoogleAuthResponse(json(map))).resolves.toStrictEqual(map)
  })

  it('accepts 1 and 20 entries, and a name plus value of exactly 4096 bytes', async () => {
    await expect(processGoogleAuthResponse(json(manyCookies(1)))).resolves.toEqual({ c0: 'v' })
    await expect(processGoogleAuthResponse(json(manyCookies(20)))).resolves.toEqual(manyCookies(20))
    await expect(processGoogleAuthResponse(json({ a: 'v'.repeat(4095) }))).resolves.toEqual({
      a: 'v'.repeat(4095),
    })
  })

  it.each([
    ['a semicolon (attribute injection)', { access_token: 'abc; Domain=evil.example' }],
    ['CR/LF', { access_token: 'abc\r\nSet-Cookie: x=y' }],
    ['a space', { access_token: 'a b' }],
    ['a double quote', { access_token: '"abc"' }],
    ['a comma', { access_token: 'a,b' }],
    ['a backslash', { access_token: 'a\\b' }],
    ['non-ASCII', { access_token: 'jéton' }],
    ['an empty value', { access_token: '' }],
    ['a number value', { access_token: 42 }],
    ['a null value', { access_token: null }],
    ['an object value with attributes', { access_token: { value: 'x', domain: 'evil.example' } }],
    ['a name with a dot', { 'access.token': 'x' }],
    ['a name with a space', { 'access token': 'x' }],
    ['a non-ASCII name', { jéton: 'x' }],
    ['a name of 65 characters', { ['n'.repeat(65)]: 'x' }],
    ['a __proto__ name', JSON.parse('{"__proto__":"x"}') as unknown],
    ['a constructor name', { constructor: 'x' }],
    ['a prototype name', { prototype: 'x' }],
    ['4097 bytes of name plus value', { a: 'v'.repeat(4096) }],
    ['an empty map', {}],
    ['more than 20 entries', manyCookies(21)],
    ['an array', [['access_token', 'x']]],
    ['a string', 'access_token=x'],
    ['null', null],
  ])('on a 200 with %s: throws google_failed', async (_label, body) => {
    const error = await rejection(json(body))
    expect(error.code).toBe('google_failed')
    expect(error.details).toEqual({ status: 200, providerCode: 'invalid_cookie_map' })
  })

  it.each([
    ['a __Host- prefixed name', { access_token: 'a', '__Host-session': 'x' }],
    ['a __Secure- prefixed name', { access_token: 'a', '__Secure-id': 'x' }],
    ['a prefix in another case', { access_token: 'a', '__host-session': 'x' }],
    ['post_login_redirect', { access_token: 'a', post_login_redirect: 'evil' }],
  ])('on a 200 with %s: refuses the whole answer (harmful_cookie_name)', async (_label, body) => {
    const error = await rejection(json(body))
    expect(error.code).toBe('google_failed')
    expect(error.details).toEqual({ status: 200, providerCode: 'harmful_cookie_name' })
  })

  it('on a 200 of 20 cookies of 4 KB each (valid one by one): refuses the whole answer (cookie_map_too_large)', async () => {
    const huge = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [`c${String(i).padStart(2, '0')}`, 'v'.repeat(4092)]),
    )
    const error = await rejection(json(huge))
    expect(error.code).toBe('google_failed')
    expect(error.details).toEqual({ status: 200, providerCode: 'cookie_map_too_large' })
  })

  it('accepts a map of exactly 8192 bytes (name=value summed) and refuses one byte more', async () => {
    // 'access_token=' is 13 bytes and 'refresh_token=' 14: 8192 - 27 bytes of values.
    const exact = { access_token: 'a'.repeat(4084), refresh_token: 'r'.repeat(8192 - 27 - 4084) }
    await expect(processGoogleAuthResponse(json(exact))).resolves.toEqual(exact)
    const over = { ...exact, refresh_token: `${exact.refresh_token}r` }
    expect((await rejection(json(over))).details).toMatchObject({
      providerCode: 'cookie_map_too_large',
    })
  })

  it.each([
    ['an HTML page', new Response('<html>ok</html>', { headers: { 'content-type': 'text/html' } })],
    ['an empty body', new Response('')],
  ])('on a 200 with %s: throws google_failed', async (_label, response) => {
    expect((await rejection(response)).code).toBe('google_failed')
  })

  it('does not pollute prototypes with a __proto__ entry', async () => {
    await rejection(new Response('{"__proto__":{"polluted":"x"},"a":"b"}'))
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it.each([
    [{ error: 'not_found' }, 404],
    [{ code: 'not_found' }, 404],
    [{ error: 'other', code: 'not_found' }, 400],
    [{ error: 'not_found' }, 500],
  ])('on %j (%i): throws google_not_found', async (body, status) => {
    const error = await rejection(json(body, status))
    expect(error.code).toBe('google_not_found')
    expect(error.details).toEqual({ status, providerCode: 'not_found' })
  })

  it.each([
    [
      'a 500 with an error code',
      json({ error: 'internal' }, 500),
      { status: 500, providerCode: 'internal' },
    ],
    [
      'a 401 with a code',
      json({ code: 'invalid_nonce' }, 401),
      { status: 401, providerCode: 'invalid_nonce' },
    ],
    [
      'a 404 with not_found in the message only',
      json({ message: 'not_found' }, 404),
      { status: 404 },
    ],
    [
      'a 400 with a non-code-shaped error',
      json({ error: 'not found at all' }, 400),
      { status: 400 },
    ],
    ['a 502 HTML page', new Response('<html>Bad gateway</html>', { status: 502 }), { status: 502 }],
    ['a 201 cookie map', json({ a: 'b' }, 201), { status: 201 }],
    ['a 204', new Response(null, { status: 204 }), { status: 204 }],
    ['a 403 JSON array', json(['not_found'], 403), { status: 403 }],
  ])('on %s: throws google_failed', async (_label, response, details) => {
    const error = await rejection(response)
    expect(error.code).toBe('google_failed')
    // Strict: a report must not carry a providerCode key the API never gave.
    expect(error.details).toStrictEqual(details)
    expect(error.message).toBe(`The product API answered ${details.status}.`)
  })

  it('on not_found: says the product API found no user for this Google account', async () => {
    const error = await rejection(json({ error: 'not_found' }, 404))
    expect(error.message).toBe('The product API found no user for this Google account.')
  })

  it.each([
    ['an array', ['a', 'b'], 'The cookie map is not a JSON object.'],
    ['an empty map', {}, 'The cookie map has 0 entries.'],
    ['21 entries', manyCookies(21), 'The cookie map has 21 entries.'],
    ['a bad value', { a: 'b; c' }, 'The cookie map holds an invalid name or value.'],
  ])('on a 200 with %s: the message says what is wrong with the map', async (_l, body, message) => {
    expect((await rejection(json(body))).message).toBe(message)
  })
})
