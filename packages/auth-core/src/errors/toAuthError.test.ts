import * as oauth from 'oauth4webapi'
import { describe, expect, it } from 'vitest'
import { AuthError } from './authError'
import { toAuthError } from './toAuthError'

const as: oauth.AuthorizationServer = {
  issuer: 'https://login.example.com/oauth2/default',
  token_endpoint: 'https://login.example.com/oauth2/default/v1/token',
}
const client: oauth.Client = { client_id: 'client-1' }

/** Runs `validateAuthResponse` on a callback string and returns what it threw. */
function callbackError(
  raw: string,
  expectedState: string | typeof oauth.expectNoState,
  server = as,
): unknown {
  try {
    oauth.validateAuthResponse(server, client, new URLSearchParams(raw), expectedState)
  } catch (error) {
    return error
  }
  throw new Error('expected validateAuthResponse to throw')
}

/** Runs the token-response processor on a hand-made Response and returns what it threw. */
async function tokenError(body: unknown, status: number): Promise<unknown> {
  const response = new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
  return oauth.processAuthorizationCodeResponse(as, client, response).then(
    () => {
      throw new Error('expected processAuthorizationCodeResponse to throw')
    },
    (error: unknown) => error,
  )
}

describe('toAuthError', () => {
  it('on an AuthError: returns the same instance', () => {
    const original = new AuthError('rate_limited', 'x', { status: 429 })
    expect(toAuthError(original)).toBe(original)
  })

  describe('fetch failures', () => {
    it.each([
      [
        'a DOMException TimeoutError (AbortSignal.timeout)',
        new DOMException('signal timed out', 'TimeoutError'),
        'timeout',
      ],
      [
        'an Error named TimeoutError',
        Object.assign(new Error('t'), { name: 'TimeoutError' }),
        'timeout',
      ],
      ['a DOMException AbortError', new DOMException('aborted', 'AbortError'), 'network_error'],
      [
        'a plain TypeError (offline, DNS, CORS, refused)',
        new TypeError('Failed to fetch'),
        'network_error',
      ],
    ] as const)('on %s: returns %s', (_label, error, code) => {
      const mapped = toAuthError(error)
      expect(mapped).toBeInstanceOf(AuthError)
      expect(mapped.code).toBe(code)
      expect(mapped.cause).toBe(error)
    })

    describe('with the request signal (WebKit rejects a timed-out fetch with a plain AbortError)', () => {
      const timedOut = AbortSignal.abort(new DOMException('signal timed out', 'TimeoutError'))
      const aborted = new DOMException('Fetch is aborted', 'AbortError')

      it('an AbortError while the signal has timed out: timeout, the abort kept as cause', () => {
        const mapped = toAuthError(aborted, timedOut)
        expect(mapped.code).toBe('timeout')
        expect(mapped.cause).toBe(aborted)
      })

      it('an abort already mapped to network_error (a body read): timeout', () => {
        const mapped = toAuthError(toAuthError(aborted), timedOut)
        expect(mapped.code).toBe('timeout')
        expect(mapped.cause).toBe(aborted)
      })

      it.each([
        ['a signal aborted for another reason', AbortSignal.abort()],
        ['a signal still running', new AbortController().signal],
      ])('an AbortError with %s: network_error', (_label, signal) => {
        expect(toAuthError(aborted, signal).code).toBe('network_error')
      })

      it('a failure that is no abort keeps its code though the signal timed out', () => {
        expect(toAuthError(new TypeError('Failed to fetch'), timedOut).code).toBe('network_error')
        const rateLimited = new AuthError('rate_limited', 'x', { status: 429 })
        expect(toAuthError(rateLimited, timedOut)).toBe(rateLimited)
      })
    })

    it('on an oauth4webapi TypeError with a code (programming error): returns unknown_error, not network_error', () => {
      let thrown: unknown
      try {
        oauth.validateAuthResponse(as, client, 'not params' as unknown as URLSearchParams, 'state')
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(TypeError)
      const mapped = toAuthError(thrown)
      expect(mapped.code).toBe('unknown_error')
      expect(mapped.details.providerCode).toBe('ERR_INVALID_ARG_TYPE')
    })
  })

  describe('authorization response (validateAuthResponse)', () => {
    it.each([
      ['error=access_denied', 'access_denied'],
      ['error=login_required', 'session_expired'],
      ['error=interaction_required', 'session_expired'],
      ['error=consent_required', 'session_expired'],
      ['error=server_error', 'unknown_error'],
      ['error=invalid_scope&error_description=secret-looking+text', 'unknown_error'],
    ] as const)('on %s: returns %s with the OAuth error as providerCode', (params, code) => {
      const thrown = callbackError(`${params}&state=s1`, 's1')
      expect(thrown).toBeInstanceOf(oauth.AuthorizationResponseError)
      const mapped = toAuthError(thrown)
      expect(mapped.code).toBe(code)
      expect(mapped.details.providerCode).toBe(new URLSearchParams(params).get('error'))
      expect(mapped.details.status).toBeUndefined()
      expect(mapped.message).not.toContain('secret-looking')
    })

    it('on an OAuth error value that is not code-shaped: keeps a placeholder providerCode', () => {
      const mapped = toAuthError(callbackError('error=%3Cscript%3E%20with%20spaces&state=s1', 's1'))
      expect(mapped.code).toBe('unknown_error')
      expect(mapped.details.providerCode).toBe('unrecognized')
    })

    it.each([
      ['text after a code', 'server_error%20%3Cb%3E'],
      ['text before a code', '%3Cb%3E%20server_error'],
      ['a code of 101 characters', 'e'.repeat(101)],
    ])(
      'on an OAuth error value with %s: the whole value must look like a code',
      (_label, value) => {
        const mapped = toAuthError(callbackError(`error=${value}&state=s1`, 's1'))
        expect(mapped.details.providerCode).toBe('unrecognized')
        expect(mapped.message).toBe('The provider answered with an OAuth error (unrecognized).')
      },
    )

    it('keeps a code of exactly 100 characters', () => {
      const code = 'e'.repeat(100)
      expect(toAuthError(callbackError(`error=${code}&state=s1`, 's1')).details.providerCode).toBe(
        code,
      )
    })

    it.each([
      ['state missing', 'code=c0de', 's1'],
      ['state different', 'code=c0de&state=other', 's1'],
      ['state duplicated', 'code=c0de&state=s1&state=s1', 's1'],
      ['error duplicated', 'error=a&error=b&state=s1', 's1'],
      ['state present when none was expected', 'code=c0de&state=s1', oauth.expectNoState],
      ['a JARM response parameter', 'response=eyJ.x.y&state=s1', 's1'],
      ['iss different', 'code=c0de&state=s1&iss=https%3A%2F%2Fevil.example', 's1'],
    ] as const)('on %s: returns invalid_callback', (_label, raw, expected) => {
      const thrown = callbackError(raw, expected)
      expect(thrown).toBeInstanceOf(oauth.OperationProcessingError)
      const mapped = toAuthError(thrown)
      expect(mapped.code).toBe('invalid_callback')
      expect(mapped.details.providerCode).toBe(oauth.INVALID_RESPONSE)
      expect(mapped.message).not.toContain('c0de')
    })

    it('on iss missing while the server requires it: returns invalid_callback', () => {
      const thrown = callbackError('code=c0de&state=s1', 's1', {
        ...as,
        authorization_response_iss_parameter_supported: true,
      })
      expect(toAuthError(thrown).code).toBe('invalid_callback')
    })

    it('on an id_token in the callback (unsupported implicit flow): returns unknown_error', () => {
      const mapped = toAuthError(callbackError('id_token=a.b.c&state=s1', 's1'))
      expect(mapped.code).toBe('unknown_error')
      expect(mapped.details.providerCode).toBe(oauth.UNSUPPORTED_OPERATION)
    })
  })

  describe('token response (processAuthorizationCodeResponse)', () => {
    it.each([
      [
        { error: 'invalid_grant', error_description: 'PKCE verification failed.' },
        400,
        'unknown_error',
      ],
      [{ error: 'access_denied' }, 403, 'access_denied'],
      [{ error: 'login_required' }, 400, 'session_expired'],
    ] as const)(
      'on %j (%i): returns %s with providerCode and status',
      async (body, status, code) => {
        const thrown = await tokenError(body, status)
        expect(thrown).toBeInstanceOf(oauth.ResponseBodyError)
        const mapped = toAuthError(thrown)
        expect(mapped.code).toBe(code)
        expect(mapped.details).toEqual({ providerCode: body.error, status })
      },
    )

    it('on a 200 without access_token: returns unknown_error with the processing code', async () => {
      const thrown = await tokenError({ token_type: 'Bearer' }, 200)
      expect(thrown).toBeInstanceOf(oauth.OperationProcessingError)
      const mapped = toAuthError(thrown)
      expect(mapped.code).toBe('unknown_error')
      expect(mapped.details.providerCode).toBe(oauth.INVALID_RESPONSE)
    })

    it('on a WWW-Authenticate challenge: returns unknown_error with the status', async () => {
      const response = new Response('{}', {
        status: 401,
        headers: {
          'www-authenticate': 'Bearer error="invalid_token"',
          'content-type': 'application/json',
        },
      })
      const thrown = await oauth
        .processAuthorizationCodeResponse(as, client, response)
        .catch((error: unknown) => error)
      expect(thrown).toBeInstanceOf(oauth.WWWAuthenticateChallengeError)
      const mapped = toAuthError(thrown)
      expect(mapped.code).toBe('unknown_error')
      expect(mapped.details).toEqual({
        providerCode: oauth.WWW_AUTHENTICATE_CHALLENGE,
        status: 401,
      })
    })
  })

  it('on an OperationProcessingError without a code: returns unknown_error without providerCode', () => {
    const mapped = toAuthError(new oauth.OperationProcessingError('something'))
    expect(mapped.code).toBe('unknown_error')
    expect(mapped.details).toEqual({})
  })

  it('on a callback-like message under another code: returns unknown_error', () => {
    const error = new oauth.OperationProcessingError('response parameter "state" missing', {
      code: oauth.PARSE_ERROR,
    })
    expect(toAuthError(error).code).toBe('unknown_error')
  })

  it.each([
    ['a plain Error', new Error('boom')],
    ['a string', 'boom'],
    ['null', null],
    ['undefined', undefined],
    ['an object with a non-string name and code', { name: 42, code: 7 }],
    ['a RangeError', new RangeError('x')],
  ])('on %s: returns unknown_error', (_label, error) => {
    const mapped = toAuthError(error)
    expect(mapped).toBeInstanceOf(AuthError)
    expect(mapped.code).toBe('unknown_error')
    expect(mapped.cause).toBe(error)
  })

  it('on an error carrying a string code: keeps it as providerCode', () => {
    expect(
      toAuthError(Object.assign(new Error('x'), { code: 'ECONNRESET' })).details.providerCode,
    ).toBe('ECONNRESET')
  })

  it('never copies the original message (which may hold a secret) into its own message', () => {
    const secret = 'eyJhbGciOiJub25lIn0.secret.token'
    for (const error of [
      new TypeError(secret),
      new Error(secret),
      new DOMException(secret, 'TimeoutError'),
    ])
      expect(toAuthError(error).message).not.toContain(secret)
  })
})
