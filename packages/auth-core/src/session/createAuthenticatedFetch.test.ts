import { describe, expect, it, vi } from 'vitest'
import { AuthError } from '../errors/authError'
import { createUnsignedJwt, FAR_FUTURE } from '../testSupport/jwt'
import {
  accessToken,
  json,
  NOW_S,
  refreshBody,
  sessionConfig,
  setupSession,
} from '../testSupport/sessionTestKit'
import { createAuthenticatedFetch } from './createAuthenticatedFetch'
import type { AuthenticatedFetchSession } from './createAuthenticatedFetch'

const API = 'https://api.example.com/maps'
/** The origins the tests name: the API's. */
const NAMED = ['https://api.example.com']

/** Ada's access tokens, told apart by `n` (the same person each time). */
const ada = (n: number) => createUnsignedJwt({ sub: '00uAda', exp: FAR_FUTURE, jti: `ada-${n}` })
/** Bob's access token: another person. */
const bob = (n: number) => createUnsignedJwt({ sub: '00uBob', exp: FAR_FUTURE, jti: `bob-${n}` })

type TokenRequest = Parameters<AuthenticatedFetchSession['getAccessToken']>[0]

/** A session handing out `tokens` in turn (the last one again once they run out). */
function fakeSession(...tokens: (string | null)[]) {
  const calls: TokenRequest[] = []
  const redirects: [string, { readonly returnPath?: string } | undefined][] = []
  const session: AuthenticatedFetchSession = {
    getAccessToken: async (options) => {
      calls.push(options)
      return tokens.length > 1 ? (tokens.shift() ?? null) : (tokens[0] ?? null)
    },
    redirectToSignIn: (subSite, options) => {
      redirects.push([subSite, options])
    },
  }
  return { session, calls, redirects }
}

interface Seen {
  readonly url: string
  readonly method: string
  readonly authorization: string | null
  readonly other: string | null
  readonly body: string
}

/** A fetch answering with the statuses in turn, recording what it was sent. */
function api(...statuses: number[]) {
  const seen: Seen[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const request = input as Request
    seen.push({
      url: request.url,
      method: request.method,
      authorization: request.headers.get('authorization'),
      other: request.headers.get('x-other'),
      body: await request.text(),
    })
    return new Response(`answer ${seen.length}`, { status: statuses[seen.length - 1] ?? 500 })
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, seen }
}

describe('createAuthenticatedFetch', () => {
  it('sends the access token as a Bearer header, keeping the rest of the request', async () => {
    const { session, calls } = fakeSession(ada(1))
    const { fetch, seen } = api(200)
    const authFetch = createAuthenticatedFetch(session, {
      subSite: 'citystream',
      apiOrigins: NAMED,
      fetch,
    })

    const response = await authFetch(API, {
      method: 'POST',
      headers: { 'X-Other': 'kept', Authorization: 'Basic replaced' },
      body: 'payload',
    })

    expect(response.status).toBe(200)
    expect(await response.text()).toBe('answer 1')
    expect(seen).toEqual([
      {
        url: API,
        method: 'POST',
        authorization: `Bearer ${ada(1)}`,
        other: 'kept',
        body: 'payload',
      },
    ])
    expect(calls).toEqual([undefined])
  })

  it('takes a Request as input, like fetch', async () => {
    const { session } = fakeSession(ada(1))
    const { fetch, seen } = api(200)
    const authFetch = createAuthenticatedFetch(session, {
      subSite: 'citystream',
      apiOrigins: NAMED,
      fetch,
    })

    await authFetch(new Request(API, { method: 'PUT', body: 'from a request' }))

    expect(seen).toMatchObject([
      { method: 'PUT', authorization: `Bearer ${ada(1)}`, body: 'from a request' },
    ])
  })

  it('on a 401, forces one refresh and resends the same request (body included) once', async () => {
    const { session, calls } = fakeSession(ada(1), ada(2))
    const { fetch, seen } = api(401, 200)
    const authFetch = createAuthenticatedFetch(session, {
      subSite: 'citystream',
      apiOrigins: NAMED,
      fetch,
    })

    const response = await authFetch(API, { method: 'POST', body: 'payload' })

    expect(response.status).toBe(200)
    expect(await response.text()).toBe('answer 2')
    expect(seen.map((s) => [s.authorization, s.body])).toEqual([
      [`Bearer ${ada(1)}`, 'payload'],
      [`Bearer ${ada(2)}`, 'payload'],
    ])
    expect(calls).toEqual([undefined, { forceRefresh: true, failedToken: ada(1) }])
  })

  it('returns the second 401 as it is: never a second refresh, never a third request', async () => {
    const { session, calls } = fakeSession(ada(1), ada(2), ada(3))
    const { fetch, seen } = api(401, 401, 200)
    const authFetch = createAuthenticatedFetch(session, {
      subSite: 'citystream',
      apiOrigins: NAMED,
      fetch,
    })

    const response = await authFetch(API)

    expect(response.status).toBe(401)
    expect(await response.text()).toBe('answer 2')
    expect(seen).toHaveLength(2)
    expect(calls).toHaveLength(2)
  })

  it('does not resend when the forced refresh gives the same token the API refused', async () => {
    const { session, calls } = fakeSession(ada(1))
    const { fetch, seen } = api(401, 200)
    const authFetch = createAuthenticatedFetch(session, {
      subSite: 'citystream',
      apiOrigins: NAMED,
      fetch,
    })

    const response = await authFetch(API)

    expect(response.status).toBe(401)
    expect(seen).toHaveLength(1)
    expect(calls).toEqual([undefined, { forceRefresh: true, failedToken: ada(1) }])
  })

  it('does not retry a ReadableStream body (it cannot be read twice): the 401 is returned', async () => {
    const { session, calls } = fakeSession(ada(1), ada(2))
    const { fetch, seen } = api(401, 200)
    const authFetch = createAuthenticatedFetch(session, {
      subSite: 'citystream',
      apiOrigins: NAMED,
      fetch,
    })
    const body = new Blob(['streamed']).stream()

    const response = await authFetch(API, {
      method: 'POST',
      body,
      duplex: 'half',
    } as RequestInit)

    expect(response.status).toBe(401)
    expect(seen.map((s) => s.body)).toEqual(['streamed'])
    expect(calls).toEqual([undefined])
  })

  describe('a Request whose body is a stream', () => {
    const streamed = (method = 'POST') =>
      new Request(API, {
        method,
        body: new Blob(['streamed']).stream(),
        duplex: 'half',
      } as RequestInit)

    it('is not retried (a stream is read once; it is not buffered for a retry): the 401 is returned', async () => {
      const { session, calls } = fakeSession(ada(1), ada(2))
      const { fetch, seen } = api(401, 200)

      const response = await createAuthenticatedFetch(session, {
        subSite: 'citystream',
        apiOrigins: NAMED,
        fetch,
      })(streamed())

      expect(response.status).toBe(401)
      expect(seen.map((s) => s.body)).toEqual(['streamed'])
      expect(calls).toEqual([undefined])
    })

    it('is sent whole when the API accepts it', async () => {
      const { session } = fakeSession(ada(1))
      const { fetch, seen } = api(201)

      const response = await createAuthenticatedFetch(session, {
        subSite: 'citystream',
        apiOrigins: NAMED,
        fetch,
      })(streamed('PUT'))

      expect(response.status).toBe(201)
      expect(seen).toMatchObject([{ method: 'PUT', body: 'streamed' }])
    })

    it('a Request with a buffered body (text, bytes, form) is still retried with that body', async () => {
      for (const [method, body, expected] of [
        ['POST', 'text', 'text'],
        ['PUT', new TextEncoder().encode('bytes'), 'bytes'],
        ['PATCH', new URLSearchParams({ a: '1' }), 'a=1'],
      ] as const) {
        const { session } = fakeSession(ada(1), ada(2))
        const { fetch, seen } = api(401, 200)
        // only-if-cached (same-origin mode) must not pass for a stream either.
        const request = new Request(API, {
          method,
          body,
          cache: 'only-if-cached',
          mode: 'same-origin',
        })

        const response = await createAuthenticatedFetch(session, {
          subSite: 'citystream',
          apiOrigins: NAMED,
          fetch,
        })(request)

        expect(response.status).toBe(200)
        expect(seen.map((s) => [s.method, s.body])).toEqual([
          [method, expected],
          [method, expected],
        ])
      }
    })
  })

  it('answers other statuses (403, 500) as they are, without a refresh', async () => {
    for (const status of [403, 500]) {
      const { session, calls } = fakeSession(ada(1), ada(2))
      const { fetch, seen } = api(status)
      const response = await createAuthenticatedFetch(session, {
        subSite: 'citystream',
        apiOrigins: NAMED,
        fetch,
      })(API)
      expect(response.status).toBe(status)
      expect(seen).toHaveLength(1)
      expect(calls).toHaveLength(1)
    }
  })

  describe('a retry is for the same person', () => {
    it('Ada’s POST in flight, then "Sign in with a different account" as Bob: the 401 is not resent with Bob’s token', async () => {
      const adaToken = accessToken({ sub: '00uAda', exp: NOW_S + 3600 })
      const bobToken = accessToken({ sub: '00uBob', exp: NOW_S + 3600 })
      const { session, jar, requests } = setupSession({
        cookies: { access_token: adaToken, refresh_token: 'rt-ada' },
        answer: () =>
          json(
            refreshBody(sessionConfig(), {
              access_token: accessToken({ sub: '00uBob', exp: NOW_S + 3600, jti: 'bob-refreshed' }),
            }),
          ),
      })
      const sent: (string | null)[] = []
      const apiFetch = vi.fn(async (input: RequestInfo | URL) => {
        sent.push((input as Request).headers.get('authorization'))
        if (sent.length === 1) {
          // While Ada's request is at the API, Bob signs in on the sign-in page.
          jar.values.set('access_token', bobToken)
          jar.values.set('refresh_token', 'rt-bob')
          return new Response(null, { status: 401 })
        }
        return new Response(null, { status: 201 })
      })
      const authFetch = createAuthenticatedFetch(session, {
        subSite: 'citystream',
        apiOrigins: NAMED,
        fetch: apiFetch as unknown as typeof fetch,
      })

      const failure = await authFetch(API, { method: 'POST', body: 'Ada’s new map' }).catch(
        (error: unknown) => error,
      )

      expect(sent).toEqual([`Bearer ${adaToken}`])
      expect(failure).toBeInstanceOf(AuthError)
      expect((failure as AuthError).code).toBe('account_changed')
      expect(requests.every((request) => request.form.get('refresh_token') !== 'rt-ada')).toBe(true)
    })

    it('resends when the new token names the same person (sub)', async () => {
      const { session } = fakeSession(ada(1), ada(2))
      const { fetch, seen } = api(401, 201)

      const response = await createAuthenticatedFetch(session, {
        subSite: 'citystream',
        apiOrigins: NAMED,
        fetch,
      })(API, { method: 'POST', body: 'payload' })

      expect(response.status).toBe(201)
      expect(seen.map((s) => s.authorization)).toEqual([`Bearer ${ada(1)}`, `Bearer ${ada(2)}`])
    })

    it('rejects account_changed and sends nothing more when the new token names someone else', async () => {
      const { session, redirects } = fakeSession(ada(1), bob(1))
      const { fetch, seen } = api(401, 201)
      const onSignedOut = vi.fn()

      const failure = await createAuthenticatedFetch(session, {
        subSite: 'citystream',
        apiOrigins: NAMED,
        fetch,
        onSignedOut,
      })(API, { method: 'POST', body: 'payload' }).catch((error: unknown) => error)

      expect(failure).toBeInstanceOf(AuthError)
      expect((failure as AuthError).code).toBe('account_changed')
      expect((failure as AuthError).message).toBe(
        'The session now holds another person’s token: the refused request was not resent.',
      )
      expect(seen.map((s) => s.authorization)).toEqual([`Bearer ${ada(1)}`])
      expect(onSignedOut).not.toHaveBeenCalled()
      expect(redirects).toEqual([])
    })

    it('does not resend when either token does not say whose it is (not a JWT, no sub)', async () => {
      const noSub = createUnsignedJwt({ exp: FAR_FUTURE })
      for (const [first, second] of [
        ['opaque-1', ada(2)],
        [ada(1), 'opaque-2'],
        [ada(1), noSub],
        ['opaque-1', 'opaque-2'],
      ] as const) {
        const { session } = fakeSession(first, second)
        const { fetch, seen } = api(401, 201)
        await expect(
          createAuthenticatedFetch(session, { subSite: 'citystream', apiOrigins: NAMED, fetch })(
            API,
          ),
        ).rejects.toMatchObject({ code: 'account_changed' })
        expect(seen).toHaveLength(1)
      }
    })
  })

  describe('the forced refresh names the token that failed', () => {
    it('asks for a refresh of exactly the token the API refused', async () => {
      const { session, calls } = fakeSession(ada(1), ada(2))
      const { fetch } = api(401, 200)

      await createAuthenticatedFetch(session, { subSite: 'citystream', apiOrigins: NAMED, fetch })(
        API,
      )

      expect(calls).toEqual([undefined, { forceRefresh: true, failedToken: ada(1) }])
    })
  })

  describe('the token only to the origins the sub-site names', () => {
    it('sends a request to any other origin unchanged: no token, the session not asked', async () => {
      for (const url of [
        'https://tiles.example.net/3/4/2.png', // a third party
        'http://api.example.com/maps', // the named host, but http:
        'https://api.example.com:8443/maps', // another port
        'https://evil.api.example.com/maps', // a subdomain of the named host
        'https://api.example.com.evil.example/maps', // a look-alike
      ]) {
        const { session, calls, redirects } = fakeSession(null)
        const { fetch, seen } = api(401)
        const warn = vi.fn()

        const response = await createAuthenticatedFetch(session, {
          subSite: 'citystream',
          apiOrigins: NAMED,
          fetch,
          warn,
        })(url, { method: 'POST', headers: { 'X-Other': 'kept' }, body: 'payload' })

        expect(response.status, url).toBe(401)
        expect(seen, url).toEqual([
          { url, method: 'POST', authorization: null, other: 'kept', body: 'payload' },
        ])
        expect(calls, url).toEqual([])
        expect(redirects, url).toEqual([])
      }
    })

    it('keeps an Authorization header the caller set for another origin, as fetch would', async () => {
      const { session } = fakeSession(ada(1))
      const { fetch, seen } = api(200)

      await createAuthenticatedFetch(session, { subSite: 'citystream', apiOrigins: NAMED, fetch })(
        new Request('https://tiles.example.net/key', { headers: { Authorization: 'Key tiles' } }),
      )

      expect(seen.map((s) => s.authorization)).toEqual(['Key tiles'])
    })

    it('sends the token to each named origin (URL, string or Request)', async () => {
      const { session } = fakeSession(ada(1))
      const { fetch, seen } = api(200, 200, 200)
      const authFetch = createAuthenticatedFetch(session, {
        subSite: 'citystream',
        apiOrigins: ['https://api.example.com', 'https://upload.example.org'],
        fetch,
      })

      await authFetch(new URL('https://upload.example.org/files'))
      await authFetch(new Request('https://api.example.com/a'))
      await authFetch('https://upload.example.org')

      expect(seen.map((s) => s.authorization)).toEqual(Array(3).fill(`Bearer ${ada(1)}`))
    })

    it('in local mode, http://localhost origins can be named', async () => {
      const { session } = fakeSession(ada(1))
      const { fetch, seen } = api(200, 200)
      const authFetch = createAuthenticatedFetch(session, {
        subSite: 'citystream',
        apiOrigins: ['http://localhost:3000', 'http://127.0.0.1:4012'],
        localMode: true,
        fetch,
        warn: () => {},
      })

      await authFetch('http://localhost:3000/api/hello')
      await authFetch('http://localhost:4012/api/hello')

      expect(seen.map((s) => s.authorization)).toEqual([`Bearer ${ada(1)}`, null])
    })

    it('refuses unusable origins when it is created (configuration_error naming each), before any request', () => {
      const { session, calls } = fakeSession(ada(1))
      const failure = (apiOrigins: unknown, localMode?: boolean) => {
        try {
          createAuthenticatedFetch(session, {
            subSite: 'citystream',
            apiOrigins: apiOrigins as string[],
            localMode,
          })
        } catch (error) {
          return error as AuthError
        }
        throw new Error(`accepted ${JSON.stringify(apiOrigins)}`)
      }

      for (const [origins, localMode] of [
        [undefined],
        ['https://api.example.com'],
        [['https://api.example.com/']],
        [['https://api.example.com/v1']],
        [['https://api.example.com?x=1']],
        [['https://user@api.example.com']],
        [['api.example.com']],
        [['https://API.example.com']],
        [['https://api.example.com:443']],
        [['http://api.example.com']],
        [['http://localhost:3000']],
        [['http://intranet:8080'], true],
        [['ftp://api.example.com']],
        [['null']],
        [[42]],
      ] as [unknown, boolean?][]) {
        const error = failure(origins, localMode)
        expect(error, JSON.stringify(origins)).toBeInstanceOf(AuthError)
        expect(error.code).toBe('configuration_error')
        expect(error.message).toContain('apiOrigins')
      }
      const both = failure(['https://api.example.com/', 'http://tiles.example.net'])
      expect(both.message).toContain('https://api.example.com/')
      expect(both.message).toContain('http://tiles.example.net')
      expect(calls).toEqual([])
    })

    it('tells once per origin that a request went without the token (to warn, or the console in local mode)', async () => {
      const { session } = fakeSession(ada(1))
      const { fetch } = api(200, 200, 200, 200)
      const warn = vi.fn()
      const authFetch = createAuthenticatedFetch(session, {
        subSite: 'citystream',
        apiOrigins: NAMED,
        fetch,
        warn,
      })

      await authFetch('https://tiles.example.net/1.png')
      await authFetch('https://tiles.example.net/2.png')
      await authFetch(API)
      await authFetch('https://other.example.org/')

      expect(warn.mock.calls.map(([message]) => message)).toEqual([
        expect.stringContaining('https://tiles.example.net'),
        expect.stringContaining('https://other.example.org'),
      ])
      expect(warn.mock.calls[0]?.[0]).toContain('apiOrigins')
    })

    it('by default warns on the console in local mode only', async () => {
      const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => {})
      const { session } = fakeSession(ada(1))
      const { fetch } = api(200, 200)

      await createAuthenticatedFetch(session, { subSite: 'citystream', apiOrigins: NAMED, fetch })(
        'https://tiles.example.net/1.png',
      )
      expect(consoleWarn).not.toHaveBeenCalled()

      await createAuthenticatedFetch(session, {
        subSite: 'citystream',
        apiOrigins: NAMED,
        localMode: true,
        fetch,
      })('https://tiles.example.net/1.png')
      expect(consoleWarn).toHaveBeenCalledOnce()
      expect(consoleWarn.mock.calls[0]?.[0]).toContain('https://tiles.example.net')
    })
  })

  describe('without a session', () => {
    it('sends nothing, redirects to sign in with the current path and rejects session_expired', async () => {
      const { session, redirects } = fakeSession(null)
      const { fetch, seen } = api(200)
      const authFetch = createAuthenticatedFetch(session, {
        subSite: 'citystream',
        apiOrigins: NAMED,
        fetch,
        currentPath: () => '/maps/42?zoom=3',
      })

      const failure = await authFetch(API).catch((error: unknown) => error)

      expect(failure).toBeInstanceOf(AuthError)
      expect((failure as AuthError).code).toBe('session_expired')
      expect((failure as AuthError).message).toBe('No platform session: sign in first.')
      expect(seen).toEqual([])
      expect(redirects).toEqual([['citystream', { returnPath: '/maps/42?zoom=3' }]])
    })

    it('redirects to the root when no current path is given', async () => {
      const { session, redirects } = fakeSession(null)
      const authFetch = createAuthenticatedFetch(session, {
        subSite: 'citystream',
        apiOrigins: NAMED,
        fetch: api(200).fetch,
      })

      await expect(authFetch(API)).rejects.toThrow(AuthError)
      expect(redirects).toEqual([['citystream', undefined]])
    })

    it('with onSignedOut "none": rejects without redirecting', async () => {
      const { session, redirects } = fakeSession(null)
      const authFetch = createAuthenticatedFetch(session, {
        subSite: 'citystream',
        apiOrigins: NAMED,
        fetch: api(200).fetch,
        onSignedOut: 'none',
      })

      await expect(authFetch(API)).rejects.toMatchObject({ code: 'session_expired' })
      expect(redirects).toEqual([])
    })

    it('with an onSignedOut callback: calls it instead of redirecting, then rejects', async () => {
      const { session, redirects } = fakeSession(null)
      const onSignedOut = vi.fn()
      const authFetch = createAuthenticatedFetch(session, {
        subSite: 'citystream',
        apiOrigins: NAMED,
        fetch: api(200).fetch,
        onSignedOut,
      })

      await expect(authFetch(API)).rejects.toMatchObject({ code: 'session_expired' })
      expect(onSignedOut).toHaveBeenCalledOnce()
      expect(redirects).toEqual([])
    })

    it('when the forced refresh after a 401 finds no session: one redirect, no retry', async () => {
      const { session, redirects } = fakeSession(ada(1), null)
      const { fetch, seen } = api(401, 200)
      const authFetch = createAuthenticatedFetch(session, {
        subSite: 'citystream',
        apiOrigins: NAMED,
        fetch,
      })

      await expect(authFetch(API)).rejects.toMatchObject({ code: 'session_expired' })
      expect(seen).toHaveLength(1)
      expect(redirects).toEqual([['citystream', undefined]])
    })
  })

  describe('abort signals', () => {
    it('an already aborted signal rejects with its reason before asking for a token', async () => {
      const { session, calls } = fakeSession(ada(1))
      const { fetch, seen } = api(200)
      const controller = new AbortController()
      controller.abort(new Error('left the page'))

      await expect(
        createAuthenticatedFetch(session, { subSite: 'citystream', apiOrigins: NAMED, fetch })(
          API,
          {
            signal: controller.signal,
          },
        ),
      ).rejects.toThrow('left the page')
      expect(calls).toEqual([])
      expect(seen).toEqual([])
    })

    it('aborted while the token is fetched: nothing is sent, no redirect', async () => {
      const controller = new AbortController()
      const { session, redirects } = fakeSession(null)
      const getAccessToken = session.getAccessToken
      const aborting: AuthenticatedFetchSession = {
        ...session,
        getAccessToken: async (options) => {
          controller.abort(new Error('gone'))
          return getAccessToken(options)
        },
      }
      const { fetch, seen } = api(200)

      await expect(
        createAuthenticatedFetch(aborting, { subSite: 'citystream', apiOrigins: NAMED, fetch })(
          API,
          {
            signal: controller.signal,
          },
        ),
      ).rejects.toThrow('gone')
      expect(seen).toEqual([])
      expect(redirects).toEqual([])
    })

    it('aborted during the first request: no forced refresh and no retry', async () => {
      const { session, calls } = fakeSession(ada(1), ada(2))
      const controller = new AbortController()
      const fetch = vi.fn(async () => {
        controller.abort(new Error('gone'))
        return new Response(null, { status: 401 })
      })

      await expect(
        createAuthenticatedFetch(session, {
          subSite: 'citystream',
          apiOrigins: NAMED,
          fetch: fetch as unknown as typeof globalThis.fetch,
        })(API, { signal: controller.signal }),
      ).rejects.toThrow('gone')
      expect(fetch).toHaveBeenCalledOnce()
      expect(calls).toEqual([undefined])
    })

    it('aborted during the forced refresh: no retry', async () => {
      const controller = new AbortController()
      const calls: unknown[] = []
      const session: AuthenticatedFetchSession = {
        getAccessToken: async (options) => {
          calls.push(options)
          if (options?.forceRefresh) controller.abort(new Error('gone'))
          return options?.forceRefresh ? ada(2) : ada(1)
        },
        redirectToSignIn: () => {},
      }
      const { fetch, seen } = api(401, 200)

      await expect(
        createAuthenticatedFetch(session, { subSite: 'citystream', apiOrigins: NAMED, fetch })(
          API,
          {
            signal: controller.signal,
          },
        ),
      ).rejects.toThrow('gone')
      expect(seen).toHaveLength(1)
      expect(calls).toEqual([undefined, { forceRefresh: true, failedToken: ada(1) }])
    })

    it('passes the signal on to the requests it sends', async () => {
      const { session } = fakeSession(ada(1))
      const controller = new AbortController()
      let sentSignal: AbortSignal | null = null
      const fetch = vi.fn(async (input: RequestInfo | URL) => {
        sentSignal = (input as Request).signal
        return new Response(null, { status: 200 })
      })
      await createAuthenticatedFetch(session, {
        subSite: 'citystream',
        apiOrigins: NAMED,
        fetch: fetch as unknown as typeof globalThis.fetch,
      })(API, { signal: controller.signal })

      controller.abort(new Error('later'))
      expect(sentSignal!.aborted).toBe(true)
    })
  })

  it('looks up globalThis.fetch at each call when no fetch is given', async () => {
    const { session } = fakeSession(ada(1))
    const { fetch, seen } = api(200)
    vi.stubGlobal('fetch', fetch)
    try {
      const authFetch = createAuthenticatedFetch(session, {
        subSite: 'citystream',
        apiOrigins: NAMED,
      })
      await authFetch(API)
    } finally {
      vi.unstubAllGlobals()
    }
    expect(seen).toHaveLength(1)
  })
})

describe('createAuthenticatedFetch: the refused answer that is not returned', () => {
  it('its body is released (cancelled) before the resend, so its connection can be reused', async () => {
    const { session } = fakeSession(ada(1), ada(2))
    let cancelled = false
    const refused = new Response(
      new ReadableStream({
        cancel() {
          cancelled = true
        },
      }),
      { status: 401 },
    )
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(refused)
      .mockResolvedValueOnce(new Response('ok', { status: 200 }))
    const response = await createAuthenticatedFetch(session, {
      subSite: 'citystream',
      apiOrigins: NAMED,
      fetch,
    })(API)
    expect(response.status).toBe(200)
    expect(cancelled).toBe(true)
  })
})
