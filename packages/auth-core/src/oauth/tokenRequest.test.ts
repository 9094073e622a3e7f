import { afterEach, describe, expect, it, vi } from 'vitest'
import { RECORDED_TOKEN_CONFIG, jsonResponse, tokenBody } from '../testSupport/oauthFixtures'
import { testConfig } from '../testSupport/testConfig'
import { readCallbackParams } from './readCallbackParams'
import { tokenRequest } from './tokenRequest'
import type { CallbackParams } from './oauth.types'
import { rejection } from '../testSupport/rejection'

const config = testConfig()
const STATE = 'N2pP0_tHGkq-8yVQ3xk4ZJm6bXzA1cWdE5fRgTh7sLu'
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'

function fragment(hash: string): CallbackParams {
  const callback = readCallbackParams(hash, '')
  if (callback === null) throw new Error(`not a callback: ${hash}`)
  return callback
}

function okFetch() {
  return vi.fn<typeof globalThis.fetch>(async () => jsonResponse(tokenBody(config, 'n')))
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('tokenRequest', () => {
  it('posts exactly the PKCE code grant, form-encoded, to the token endpoint (no secret, no Authorization)', async () => {
    const fetch = okFetch()
    const signal = new AbortController().signal
    const response = await tokenRequest(
      config,
      {
        callback: fragment(`#code=QnowT-aeawtOJKp-MtkH&state=${STATE}`),
        expectedState: STATE,
        codeVerifier: VERIFIER,
      },
      { fetch, signal },
    )
    expect(response.status).toBe(200)
    expect(fetch).toHaveBeenCalledTimes(1)
    const [url, init] = fetch.mock.calls[0] ?? []
    expect(url).toBe('https://login.example.com/oauth2/default/v1/token')
    expect(init?.method).toBe('POST')
    expect(init?.signal).toBe(signal)
    expect(init?.credentials).toBe('omit')
    expect(init?.body).toBeInstanceOf(URLSearchParams)
    const body = Object.fromEntries(init?.body as URLSearchParams)
    expect(body).toEqual({
      grant_type: 'authorization_code',
      code: 'QnowT-aeawtOJKp-MtkH',
      code_verifier: VERIFIER,
      redirect_uri: 'https://signin.example.com/',
      client_id: '0oa1abc',
    })
    expect([...(init?.body as URLSearchParams).keys()]).toHaveLength(5)
    const headers = new Headers(init?.headers)
    expect(headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/)
    expect(headers.get('accept')).toBe('application/json')
    expect(headers.has('authorization')).toBe(false)
  })

  it('without a signal, sends the request with none (nothing can abort it)', async () => {
    const fetch = okFetch()
    await tokenRequest(
      config,
      {
        callback: fragment(`#code=c&state=${STATE}`),
        expectedState: STATE,
        codeVerifier: VERIFIER,
      },
      { fetch },
    )
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(fetch.mock.calls[0]?.[1]?.signal).toBeUndefined()
  })

  it('uses the global fetch when none is given', async () => {
    const fetch = okFetch()
    vi.stubGlobal('fetch', fetch)
    await tokenRequest(config, {
      callback: fragment(`#code=c&state=${STATE}`),
      expectedState: STATE,
      codeVerifier: VERIFIER,
    })
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  describe('refuses a callback that is not ours with invalid_callback and zero fetch calls', () => {
    it.each([
      ['no state', '#code=x', 'The callback carries no state.'],
      [
        'a different state',
        '#code=x&state=evil',
        'The callback state is not the one this tab sent.',
      ],
      [
        'a duplicated state, even equal',
        `#code=x&state=${STATE}&state=${STATE}`,
        'The callback repeats a parameter.',
      ],
    ])('%s: says which check failed', async (_name, hash, message) => {
      const error = await rejection(
        tokenRequest(
          config,
          { callback: fragment(hash), expectedState: STATE, codeVerifier: VERIFIER },
          { fetch: okFetch() },
        ),
      )
      expect(error.message).toBe(message)
    })

    it.each([
      ['a different state', '#code=x&state=evil'],
      ['no state', '#code=x'],
      ['an empty state', '#code=x&state='],
      ['a duplicated state, even equal', `#code=x&state=${STATE}&state=${STATE}`],
      ['a duplicated code', `#code=a&code=b&state=${STATE}`],
      ['the state in another case', `#code=x&state=${STATE.toUpperCase()}`],
      ['the state with a trailing space', `#code=x&state=${STATE}%20`],
      ['the state with a leading +', `#code=x&state=+${STATE}`],
      ['a prefix of the state', `#code=x&state=${STATE.slice(0, 42)}`],
      ['an error return with a different state', '#error=access_denied&state=evil'],
      ['a different issuer (mix-up)', `#code=x&state=${STATE}&iss=https%3A%2F%2Fevil.example`],
      ['a duplicated issuer', `#code=x&state=${STATE}&iss=a&iss=b`],
    ])('%s', async (_name, hash) => {
      const fetch = okFetch()
      const error = await rejection(
        tokenRequest(
          config,
          { callback: fragment(hash), expectedState: STATE, codeVerifier: VERIFIER },
          { fetch },
        ),
      )
      expect(error.code).toBe('invalid_callback')
      expect(fetch).not.toHaveBeenCalled()
    })

    it('a code in the query (we asked for the fragment)', async () => {
      const fetch = okFetch()
      const callback = readCallbackParams('', `?code=x&state=${STATE}`) as CallbackParams
      const error = await rejection(
        tokenRequest(config, { callback, expectedState: STATE, codeVerifier: VERIFIER }, { fetch }),
      )
      expect(error.code).toBe('invalid_callback')
      expect(error.message).toBe('The callback did not come back in the fragment.')
      expect(fetch).not.toHaveBeenCalled()
    })

    it('no pending request (empty expected state), even when the callback state is empty too', async () => {
      const fetch = okFetch()
      const error = await rejection(
        tokenRequest(
          config,
          { callback: fragment('#code=x&state='), expectedState: '', codeVerifier: VERIFIER },
          { fetch },
        ),
      )
      expect(error.code).toBe('invalid_callback')
      expect(error.message).toBe('No authorization request is pending in this tab.')
      expect(fetch).not.toHaveBeenCalled()
    })
  })

  describe('maps an error return to its code, without a request', () => {
    it.each([
      ['access_denied', 'access_denied'],
      ['login_required', 'session_expired'],
      ['server_error', 'unknown_error'],
    ])('%s → %s', async (oauthError, code) => {
      const fetch = okFetch()
      const error = await rejection(
        tokenRequest(
          config,
          {
            callback: fragment(`#error=${oauthError}&error_description=x&state=${STATE}`),
            expectedState: STATE,
            codeVerifier: VERIFIER,
          },
          { fetch },
        ),
      )
      expect(error.code).toBe(code)
      expect(error.details.providerCode).toBe(oauthError)
      expect(fetch).not.toHaveBeenCalled()
    })
  })

  it('refuses an implicit/hybrid return carrying an id_token, without a request', async () => {
    const fetch = okFetch()
    const error = await rejection(
      tokenRequest(
        config,
        {
          callback: fragment(`#code=c&id_token=a.b.c&state=${STATE}`),
          expectedState: STATE,
          codeVerifier: VERIFIER,
        },
        { fetch },
      ),
    )
    expect(error.code).toBe('unknown_error')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('refuses a callback without a code, without a request', async () => {
    const fetch = okFetch()
    const error = await rejection(
      tokenRequest(
        config,
        { callback: fragment(`#state=${STATE}`), expectedState: STATE, codeVerifier: VERIFIER },
        { fetch },
      ),
    )
    expect(error.code).toBe('unknown_error')
    expect(fetch).not.toHaveBeenCalled()
  })

  describe('plain HTTP', () => {
    const httpConfig = { ...RECORDED_TOKEN_CONFIG, localMode: false }
    const input = {
      callback: fragment(`#code=c&state=${STATE}`),
      expectedState: STATE,
      codeVerifier: VERIFIER,
    }

    it('is refused outside local mode, without a request', async () => {
      const fetch = okFetch()
      const error = await rejection(tokenRequest(httpConfig, input, { fetch }))
      expect(error.code).toBe('unknown_error')
      expect(error.details.providerCode).toBe('OAUTH_HTTP_REQUEST_FORBIDDEN')
      expect(fetch).not.toHaveBeenCalled()
    })

    it('is allowed in local mode', async () => {
      const fetch = okFetch()
      await tokenRequest(RECORDED_TOKEN_CONFIG, input, { fetch })
      expect(fetch.mock.calls[0]?.[0]).toBe('http://localhost:3000/oauth2/default/v1/token')
    })
  })

  describe('maps fetch failures', () => {
    it.each([
      ['a timeout', new DOMException('signal timed out', 'TimeoutError'), 'timeout'],
      ['an abort', new DOMException('aborted', 'AbortError'), 'network_error'],
      ['a network failure', new TypeError('Failed to fetch'), 'network_error'],
    ])('%s → %s', async (_name, thrown, code) => {
      const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.reject(thrown))
      const error = await rejection(
        tokenRequest(
          config,
          {
            callback: fragment(`#code=c&state=${STATE}`),
            expectedState: STATE,
            codeVerifier: VERIFIER,
          },
          { fetch },
        ),
      )
      expect(error.code).toBe(code)
      expect(fetch).toHaveBeenCalledTimes(1)
    })
  })
})
