import * as oauth from 'oauth4webapi'
import { describe, expect, it } from 'vitest'
import { toAuthError } from './toAuthError'

/** The fixed, secret-free summaries and the exact details a failure report carries. */
const as: oauth.AuthorizationServer = { issuer: 'https://login.example.com/oauth2/default' }
const client: oauth.Client = { client_id: 'client-1' }

function callbackError(raw: string, expectedState: string): unknown {
  try {
    oauth.validateAuthResponse(as, client, new URLSearchParams(raw), expectedState)
  } catch (error) {
    return error
  }
  throw new Error('expected validateAuthResponse to throw')
}

describe('toAuthError: summaries and details', () => {
  it.each([
    [
      'a timeout',
      new DOMException('signal timed out', 'TimeoutError'),
      'timeout',
      'The request timed out.',
    ],
    [
      'an abort',
      new DOMException('aborted', 'AbortError'),
      'network_error',
      'The request was aborted.',
    ],
    [
      'a failed fetch',
      new TypeError('Failed to fetch'),
      'network_error',
      'The request could not be sent (offline, DNS, CORS or refused).',
    ],
    ['anything else', new Error('boom'), 'unknown_error', 'Unexpected error.'],
  ])('on %s: %s with its fixed summary and no details', (_label, error, code, message) => {
    const mapped = toAuthError(error)
    expect(mapped.code).toBe(code)
    expect(mapped.message).toBe(message)
    expect(mapped.details).toStrictEqual({})
  })

  it('on an error whose name is not a string: unexpected, not a timeout', () => {
    const mapped = toAuthError({ name: { toString: () => 'TimeoutError' } })
    expect(mapped.code).toBe('unknown_error')
  })

  it('on an error whose code is not a string: no providerCode key', () => {
    const mapped = toAuthError(Object.assign(new Error('x'), { code: 42 }))
    expect(mapped.details).toStrictEqual({})
  })

  it('on an OAuth error at the callback: no status key, the code in the summary', () => {
    const mapped = toAuthError(callbackError('error=access_denied&state=s1', 's1'))
    expect(mapped.details).toStrictEqual({ providerCode: 'access_denied' })
    expect(mapped.message).toBe('The provider answered with an OAuth error (access_denied).')
  })

  it('on a callback that is not ours: says so', () => {
    const mapped = toAuthError(callbackError('code=c0de&state=other', 's1'))
    expect(mapped.code).toBe('invalid_callback')
    expect(mapped.message).toBe('The authorization response is not the one this tab expects.')
  })

  it('on another processing failure: names its code', () => {
    const mapped = toAuthError(
      new oauth.OperationProcessingError('x', { code: oauth.JSON_ATTRIBUTE_COMPARISON }),
    )
    expect(mapped.code).toBe('unknown_error')
    expect(mapped.message).toBe(
      `The provider response failed validation (${oauth.JSON_ATTRIBUTE_COMPARISON}).`,
    )
    expect(mapped.details).toStrictEqual({ providerCode: oauth.JSON_ATTRIBUTE_COMPARISON })
  })
})
