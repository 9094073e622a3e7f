import { describe, expect, it } from 'vitest'
import {
  authorizeUrl,
  getManual,
  pkcePair,
  redirectParams,
  sessionTokenFor,
  useTestPlatform,
} from './testing/testPlatform'

const tp = useTestPlatform()

const PAT = 'pat.password@example.com'
const challenge = () => pkcePair().challenge

describe('GET /oauth2/default/v1/authorize', () => {
  it('on a valid session token (fragment mode): redirects with code and state, and starts a sid session', async () => {
    const sessionToken = await sessionTokenFor(tp, PAT)
    const response = await getManual(
      authorizeUrl(tp, { sessionToken, code_challenge: challenge() }),
    )
    expect(response.status).toBe(302)
    const { base, mode, params } = redirectParams(response)
    expect(base).toBe(tp.redirectUri)
    expect(mode).toBe('fragment')
    expect(Object.keys(params).sort()).toEqual(['code', 'state'])
    expect(params.state).toBe('state-123')
    expect(params.code).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(response.headers.get('Referrer-Policy')).toBe('no-referrer')
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(response.headers.get('Set-Cookie')).toMatch(
      /^sid=[A-Za-z0-9_-]{25}; Path=\/; HttpOnly; SameSite=Lax$/,
    )
  })

  it('on response_mode=query, or none given: answers in the query string', async () => {
    for (const mode of ['query', null]) {
      const sessionToken = await sessionTokenFor(tp, PAT)
      const response = await getManual(
        authorizeUrl(tp, { sessionToken, code_challenge: challenge(), response_mode: mode }),
      )
      const location = response.headers.get('Location') ?? ''
      expect(location).toMatch(
        new RegExp(`^${tp.redirectUri}\\?code=[A-Za-z0-9_-]{43}&state=state-123$`),
      )
    }
  })

  it('on a session token used twice, expired, or missing: answers login_required with state', async () => {
    const used = await sessionTokenFor(tp, PAT)
    await getManual(authorizeUrl(tp, { sessionToken: used, code_challenge: challenge() }))
    const expired = await sessionTokenFor(tp, PAT)
    tp.clock.advance(5 * 60_000 + 1)
    for (const sessionToken of [used, expired, null]) {
      const response = await getManual(
        authorizeUrl(tp, { sessionToken, code_challenge: challenge() }),
      )
      expect(response.status).toBe(302)
      expect(redirectParams(response)).toEqual({
        base: tp.redirectUri,
        mode: 'fragment',
        params: {
          error: 'login_required',
          error_description: 'The client specified not to prompt, but the user is not logged in.',
          state: 'state-123',
        },
      })
      expect(response.headers.get('Set-Cookie')).toBeNull()
    }
  })

  it('on a user not assigned to the app: answers access_denied', async () => {
    const sessionToken = await sessionTokenFor(tp, 'dana.denied@example.com')
    const response = await getManual(
      authorizeUrl(tp, { sessionToken, code_challenge: challenge(), response_mode: 'query' }),
    )
    expect(redirectParams(response)).toEqual({
      base: tp.redirectUri,
      mode: 'query',
      params: {
        error: 'access_denied',
        error_description: 'User is not assigned to the client application.',
        state: 'state-123',
      },
    })
  })

  it.each([
    ['an unknown client_id', { client_id: 'someone-else' }],
    ['a redirect_uri with a path', { redirect_uri: 'http://localhost:5173/callback' }],
    ['a redirect_uri without the slash', { redirect_uri: 'http://localhost:5173' }],
    ['a foreign redirect_uri', { redirect_uri: 'https://evil.example/' }],
    ['no redirect_uri', { redirect_uri: null }],
  ])('on %s: answers a 400 HTML page and never redirects', async (_, params) => {
    const response = await getManual(authorizeUrl(tp, { code_challenge: challenge(), ...params }))
    expect(response.status).toBe(400)
    expect(response.headers.get('Location')).toBeNull()
    expect(response.headers.get('Content-Type')).toContain('text/html')
    expect(await response.text()).toContain('400 Bad Request')
  })

  it.each([
    ['response_type=token', { response_type: 'token' }, 'unsupported_response_type', true],
    ['no state', { state: null }, 'invalid_request', false],
    ['a state with a space', { state: 'a b' }, 'invalid_request', false],
    ['no openid scope', { scope: 'offline_access' }, 'invalid_scope', true],
    ['an unknown scope', { scope: 'openid admin:all' }, 'invalid_scope', true],
    ['no code_challenge', { code_challenge: null }, 'invalid_request', true],
    ['a short code_challenge', { code_challenge: 'abc' }, 'invalid_request', true],
    ['no code_challenge_method', { code_challenge_method: null }, 'invalid_request', true],
    ['code_challenge_method=plain', { code_challenge_method: 'plain' }, 'invalid_request', true],
  ])('on %s: redirects back with %s in the fragment', async (_, params, error, withState) => {
    const sessionToken = await sessionTokenFor(tp, PAT)
    const response = await getManual(
      authorizeUrl(tp, { sessionToken, code_challenge: challenge(), ...params }),
    )
    expect(response.status).toBe(302)
    const answer = redirectParams(response)
    expect(answer.mode).toBe('fragment')
    expect(answer.params.error).toBe(error)
    expect(answer.params.error_description).toEqual(expect.any(String))
    expect(answer.params.state).toBe(withState ? 'state-123' : undefined)
    expect(answer.params.code).toBeUndefined()
  })

  it('on an unsupported response_mode: answers unsupported_response_mode in the query', async () => {
    const response = await getManual(
      authorizeUrl(tp, { code_challenge: challenge(), response_mode: 'okta_post_message' }),
    )
    const answer = redirectParams(response)
    expect(answer.mode).toBe('query')
    expect(answer.params.error).toBe('unsupported_response_mode')
  })

  it('on the scopes it knows besides the app ones (profile, email): accepts them', async () => {
    const sessionToken = await sessionTokenFor(tp, PAT)
    const response = await getManual(
      authorizeUrl(tp, {
        sessionToken,
        code_challenge: challenge(),
        scope: 'openid profile email',
      }),
    )
    expect(redirectParams(response).params.code).toEqual(expect.any(String))
  })

  it('on a request with an Origin: sends no CORS headers (authorize is a browser redirect only)', async () => {
    const response = await getManual(authorizeUrl(tp, { code_challenge: challenge() }), {
      Origin: tp.app,
    })
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull()
  })
})
