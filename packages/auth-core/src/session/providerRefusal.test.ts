import { describe, expect, it } from 'vitest'
import { providerRefusal } from './providerRefusal'

const CHALLENGE_MESSAGE = 'The provider answered with a WWW-Authenticate challenge.'

/** An answer with an OAuth error body, so a header that is not a challenge shows as the OAuth error. */
function refusal(status: number, headers: Record<string, string>, body: unknown) {
  return providerRefusal(new Response(JSON.stringify(body), { status, headers }))
}

describe('providerRefusal', () => {
  it.each([
    ['Bearer'],
    ['Bearer realm="okta", error="invalid_token"'],
    ['DPoP algs="ES256"'],
    [', Bearer'],
    [' \tBearer,'],
  ])(
    'a WWW-Authenticate challenge %j: unknown_error with the status, even over an OAuth error body',
    async (header) => {
      const error = await refusal(
        401,
        { 'content-type': 'application/json', 'www-authenticate': header },
        { error: 'invalid_client' },
      )
      expect(error.code).toBe('unknown_error')
      expect(error.message).toBe(CHALLENGE_MESSAGE)
      expect(error.details).toEqual({
        providerCode: 'OAUTH_WWW_AUTHENTICATE_CHALLENGE',
        status: 401,
      })
    },
  )

  it.each([[''], ['realm="okta"'], ['"Bearer"'], ['='], [',']])(
    'a WWW-Authenticate value %j that holds no challenge: the OAuth error body is what counts',
    async (header) => {
      const error = await refusal(
        401,
        { 'content-type': 'application/json', 'www-authenticate': header },
        { error: 'invalid_client' },
      )
      expect(error.details).toEqual({ providerCode: 'invalid_client', status: 401 })
    },
  )

  it.each([400, 401, 499])(
    'an OAuth error body with status %i: its value and the status',
    async (status) => {
      const error = await refusal(
        status,
        { 'content-type': 'application/json' },
        { error: 'login_required' },
      )
      expect(error.code).toBe('session_expired')
      expect(error.details).toEqual({ providerCode: 'login_required', status })
    },
  )

  it.each([
    ['status 399', 399, 'application/json', { error: 'invalid_grant' }],
    ['status 500', 500, 'application/json', { error: 'invalid_grant' }],
    ['no media type', 400, undefined, { error: 'invalid_grant' }],
    ['an empty error value', 400, 'application/json', { error: '' }],
    ['JSON null', 400, 'application/json', null],
  ])(
    '%s: unknown_error naming the HTTP status in its message only',
    async (_label, status, type, body) => {
      const error = await providerRefusal(
        // Bytes, not a string: a string body would get a text/plain type.
        new Response(new TextEncoder().encode(JSON.stringify(body)), {
          status,
          headers: type === undefined ? {} : { 'content-type': type },
        }),
      )
      expect(error.code).toBe('unknown_error')
      expect(error.message).toBe(`The provider answered with HTTP status ${status}.`)
      expect(error.details).toEqual({})
    },
  )

  it('a body that is not JSON, although labelled so: unknown_error naming the status', async () => {
    const error = await providerRefusal(
      new Response('<html>Bad Request</html>', {
        status: 400,
        headers: { 'content-type': 'application/json' },
      }),
    )
    expect(error.code).toBe('unknown_error')
    expect(error.message).toBe('The provider answered with HTTP status 400.')
  })
})
