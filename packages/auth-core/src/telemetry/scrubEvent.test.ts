import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createUnsignedJwt } from '../testSupport/jwt'
import { scrubEvent } from './scrubEvent'
import { NON_SENSITIVE_KEYS } from './sensitiveKeys'

/* --- The secret corpus (security.md, section 2) --- */

const secrets = {
  email: 'jane.doe@mail.example.org',
  password: 'Correct-Horse-battery-9',
  stateToken: '00Wf8xZ1T9jC8rJv3eFq0s6Z6o5pK2yQvD0aXbN1mL',
  sessionToken: '20111h0ZlxjyI7b8AAvsRvpo',
  passCode: '482913',
  sharedSecret: 'JBSWY3DPEHPK3PXP',
  state: 'N2pP0_tHGkq-8yVQ3xk4ZJm6bXzA1cWdE5fRgTh7sLu',
  code: 'QnowT-aeawtOJKp-MtkH',
  codeVerifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
  nonce: 'Zk3x9Qv_0pLmN4bT7yR2sW8cH1dF6gJ5aE-uK0oIqXw',
  accessToken: createUnsignedJwt({ sub: 'u', scp: ['openid'] }),
  refreshToken: 'rt_Zx81Lk2Pq9Mv4Nb7Vc3Xz6Qw1Er5Ty8Ui0Op',
  idToken: createUnsignedJwt({ sub: 'u', aud: 'client', nonce: 'n' }),
  googleCode: '4/0AeaYSHBw8mzK1nXp2qL9rT5vU7wY3zA6bC',
}
const corpus = Object.values(secrets)

/** Every string in a value, keys included, so a leak cannot hide behind JSON escaping. */
function allStrings(value: unknown, out: string[] = [], seen = new Set<object>()): string[] {
  if (typeof value === 'string') out.push(value)
  else if (typeof value === 'object' && value !== null && !seen.has(value)) {
    seen.add(value)
    for (const [key, item] of Object.entries(value)) {
      out.push(key)
      allStrings(item, out, seen)
    }
  }
  return out
}
const leaks = (value: unknown, candidates: readonly string[]): string[] =>
  candidates.filter((secret) => allStrings(value).some((text) => text.includes(secret)))

/** An event shaped like what @sentry/browser sends after a failed token exchange. */
function browserEvent() {
  return {
    event_id: 'c2d6d4d0b2f34d5aa0b0a0c1f4a1e9b7',
    timestamp: 1720000000.123,
    platform: 'javascript',
    level: 'error',
    environment: 'production',
    release: 'signin@1.4.0+0123456789abcdef0123456789abcdef01234567',
    message: `Sign-in failed for ${secrets.email} with passCode=${secrets.passCode}`,
    request: {
      url: `https://signin.example.com/#code=${secrets.code}&state=${secrets.state}`,
      headers: {
        'User-Agent': 'Mozilla/5.0',
        Referer: `https://login.example.com/oauth2/default/v1/authorize?sessionToken=${secrets.sessionToken}`,
        cookie: `access_token=${secrets.accessToken}`,
        AUTHORIZATION: `Bearer ${secrets.accessToken}`,
      },
      cookies: { access_token: secrets.accessToken },
      query_string: `code=${secrets.code}`,
      data: { password: secrets.password },
    },
    exception: {
      values: [
        {
          type: 'AuthError',
          value: `Token exchange failed: id_token ${secrets.idToken}, refresh ${secrets.refreshToken}`,
          mechanism: { type: 'onunhandledrejection', handled: false },
          stacktrace: {
            frames: [
              {
                filename: 'https://signin.example.com/assets/index-DiwrgTda.js',
                function: 'exchangeAuthorizationCodeAndRedirectToSubsite',
                lineno: 12,
                colno: 3456,
                in_app: true,
              },
            ],
          },
        },
      ],
    },
    breadcrumbs: [
      {
        category: 'navigation',
        data: { from: `/#code=${secrets.code}&state=${secrets.state}`, to: '/' },
      },
      {
        category: 'fetch',
        type: 'http',
        data: {
          method: 'GET',
          url: `https://login.example.com/oauth2/default/v1/authorize?sessionToken=${secrets.sessionToken}`,
          status_code: 302,
        },
      },
      { category: 'console', level: 'log', message: `stateToken ${secrets.stateToken}` },
      {
        category: 'navigation',
        data: {
          from: '/',
          to: `https://login.example.com/oauth2/default/v1/logout?id_token_hint=${secrets.idToken}`,
        },
      },
      {
        category: 'navigation',
        data: { from: `/?code=${encodeURIComponent(secrets.googleCode)}`, to: '/' },
      },
    ],
    extra: {
      password: secrets.password,
      passCode: secrets.passCode,
      stateToken: secrets.stateToken,
      sessionToken: secrets.sessionToken,
      sharedSecret: secrets.sharedSecret,
      code_verifier: secrets.codeVerifier,
      nonce: secrets.nonce,
      refresh_token: secrets.refreshToken,
      tokenResponse: {
        access_token: secrets.accessToken,
        id_token: secrets.idToken,
        token_type: 'Bearer',
      },
      transaction: JSON.stringify({ state: secrets.state, codeVerifier: secrets.codeVerifier }),
    },
    contexts: {
      response: { status_code: 401 },
      trace: { trace_id: '4bf92f3577b34da6a3ce929d0e0e4736', span_id: '00f067aa0ba902b7' },
    },
    tags: {
      auth_error_code: 'invalid_credentials',
      auth_provider_code: 'E0000004',
      step: 'password',
    },
    user: { id: '00u3p97x5mnrXhsiN0g7', email: secrets.email, username: secrets.email },
  }
}

describe('scrubEvent', () => {
  it('on a realistic browser event: no value of the secret corpus survives', () => {
    const out = scrubEvent(browserEvent())
    expect(leaks(out, corpus)).toEqual([])
    expect(leaks(out, corpus.map(encodeURIComponent))).toEqual([])
  })

  it('on a realistic browser event: keeps what diagnosis needs', () => {
    const out = scrubEvent(browserEvent())
    expect(out.event_id).toBe('c2d6d4d0b2f34d5aa0b0a0c1f4a1e9b7')
    expect(out.release).toBe('signin@1.4.0+0123456789abcdef0123456789abcdef01234567')
    expect(out.timestamp).toBe(1720000000.123)
    expect(out.exception.values[0]?.type).toBe('AuthError')
    expect(out.exception.values[0]?.value).toBe(
      'Token exchange failed: id_token [Filtered], refresh [Filtered]',
    )
    expect(out.exception.values[0]?.mechanism).toEqual({
      type: 'onunhandledrejection',
      handled: false,
    })
    expect(out.exception.values[0]?.stacktrace.frames[0]).toEqual(
      browserEvent().exception.values[0]?.stacktrace.frames[0],
    )
    expect(out.tags).toEqual({
      auth_error_code: 'invalid_credentials',
      auth_provider_code: 'E0000004',
      step: 'password',
    })
    expect(out.contexts).toEqual(browserEvent().contexts)
    expect(out.user).toEqual({
      id: '00u3p97x5mnrXhsiN0g7',
      email: '[Filtered]',
      username: '[Filtered]',
    })
    expect(out.message).toBe('Sign-in failed for [Filtered] with passCode=[Filtered]')
  })

  it('on the request: drops cookies, body, query string and the Cookie/Authorization/Referer headers; cuts the URL', () => {
    expect(scrubEvent(browserEvent()).request).toEqual({
      url: 'https://signin.example.com/',
      headers: { 'User-Agent': 'Mozilla/5.0' },
    })
    const odd = scrubEvent({
      request: { headers: { rEfErEr: 'x', 'Set-Cookie': 'a=b', Accept: '*/*' }, url: 42 },
    })
    expect(odd.request).toEqual({ headers: { 'Set-Cookie': '[Filtered]', Accept: '*/*' }, url: 42 })
  })

  it('on breadcrumbs: scrubs each one like scrubBreadcrumb and drops console ones', () => {
    expect(scrubEvent(browserEvent()).breadcrumbs).toEqual([
      { category: 'navigation', data: { from: '/', to: '/' } },
      {
        category: 'fetch',
        type: 'http',
        data: {
          method: 'GET',
          url: 'https://login.example.com/oauth2/default/v1/authorize',
          status_code: 302,
        },
      },
      {
        category: 'navigation',
        data: { from: '/', to: 'https://login.example.com/oauth2/default/v1/logout' },
      },
      { category: 'navigation', data: { from: '/', to: '/' } },
    ])
  })

  it.each([
    ['password'],
    ['Password'],
    ['passCode'],
    ['pass'],
    ['stateToken'],
    ['sessionToken'],
    ['session'],
    ['sharedSecret'],
    ['client_secret'],
    ['code'],
    ['code_verifier'],
    ['codeVerifier'],
    ['state'],
    ['nonce'],
    ['otp'],
    ['access_token'],
    ['refresh_token'],
    ['id_token'],
    ['id_token_hint'],
    ['Authorization'],
    ['cookie'],
    ['email'],
    ['username'],
    ['credentials'],
    ['bearer'],
    ['api_key'],
    ['privateKey'],
    ['errorCode'],
  ])('filters the value of a %s key wherever it is, whatever it holds', (key) => {
    const out = scrubEvent({
      extra: { [key]: 'plain' },
      contexts: { app: { nested: [{ [key]: { deep: 1 } }] } },
      tags: { [key]: 7 },
    })
    expect(out).toEqual({
      extra: { [key]: '[Filtered]' },
      contexts: { app: { nested: [{ [key]: '[Filtered]' }] } },
      tags: { [key]: '[Filtered]' },
    })
  })

  it.each([...NON_SENSITIVE_KEYS])('keeps the structural key %s', (key) => {
    expect(scrubEvent({ contexts: { response: { [key]: 'value_401' } } })).toEqual({
      contexts: { response: { [key]: 'value_401' } },
    })
  })

  it('removes the caller secrets anywhere, raw and URL-encoded', () => {
    const email = 'Jane.Doe+test@Example.com'
    const out = scrubEvent(
      {
        message: `no user ${email}`,
        extra: { note: `q=${encodeURIComponent(email)}`, plain: 'Jane' },
      },
      { secrets: [email, 'Jane'] },
    )
    expect(out).toEqual({
      message: 'no user [Filtered]',
      extra: { note: 'q=[Filtered]', plain: '[Filtered]' },
    })
  })

  it('ignores secrets options that are not a list of strings (e.g. a Sentry hint passed by mistake)', () => {
    const hint = { originalException: new Error('x'), secrets: 'abc' } as unknown as {
      secrets: string[]
    }
    expect(scrubEvent({ message: 'abc' }, hint)).toEqual({ message: 'abc' })
    expect(scrubEvent({ message: 'abc' }, { secrets: [1, 'abc'] as unknown as string[] })).toEqual({
      message: '[Filtered]',
    })
  })

  it('keeps identifiers as they are only when they look like identifiers', () => {
    expect(scrubEvent({ event_id: 'c2d6d4d0b2f34d5aa0b0a0c1f4a1e9b7c2d6' })).toEqual({
      event_id: 'c2d6d4d0b2f34d5aa0b0a0c1f4a1e9b7c2d6',
    })
    expect(scrubEvent({ event_id: `https://x.example/?state=${secrets.state}` })).toEqual({
      event_id: 'https://x.example/',
    })
    expect(scrubEvent({ release: 'abc' }, { secrets: ['abc'] })).toEqual({ release: '[Filtered]' })
  })

  it('does not change its input', () => {
    const event = browserEvent()
    scrubEvent(event)
    expect(event).toEqual(browserEvent())
  })

  it('replaces cycles with [Filtered] but keeps shared (acyclic) references', () => {
    const shared = { note: 'same' }
    const extra: Record<string, unknown> = { a: shared, b: shared }
    extra['self'] = extra
    const list: unknown[] = ['x']
    list.push(list)
    expect(scrubEvent({ extra, list })).toEqual({
      extra: { a: { note: 'same' }, b: { note: 'same' }, self: '[Filtered]' },
      list: ['x', '[Filtered]'],
    })
  })

  it('replaces objects nested deeper than 20 levels with [Filtered]', () => {
    const nest = (levels: number): unknown => (levels === 0 ? 'leaf' : { n: nest(levels - 1) })
    const depthOf = (value: unknown): number =>
      typeof value === 'object' && value !== null ? 1 + depthOf((value as { n: unknown }).n) : 0
    const out = scrubEvent({ n: nest(40) })
    expect(JSON.stringify(out)).toContain('[Filtered]')
    expect(JSON.stringify(out)).not.toContain('leaf')
    expect(depthOf(out)).toBe(21)
    expect(scrubEvent({ n: nest(19) })).toEqual({ n: nest(19) })
  })

  it('replaces a property whose getter throws', () => {
    const extra = Object.defineProperty({ ok: 1 }, 'boom', {
      enumerable: true,
      get() {
        throw new Error('no')
      },
    })
    expect(scrubEvent({ extra })).toEqual({ extra: { ok: 1, boom: '[Filtered]' } })
  })

  it('copies an Error with its name, message and stack, scrubbed', () => {
    const error = new TypeError(`failed https://x.example/?code=${secrets.code}`)
    const out = scrubEvent({ extra: { error } }) as unknown as {
      extra: { error: Record<string, unknown> }
    }
    expect(out.extra.error['name']).toBe('TypeError')
    expect(out.extra.error['message']).toBe('failed https://x.example/')
    expect(String(out.extra.error['stack'])).not.toContain(secrets.code)
  })

  it('keeps dates, numbers, booleans and nulls; keeps __proto__ a plain key', () => {
    const when = new Date(0)
    const extra = JSON.parse(
      '{"__proto__": {"polluted": true}, "n": 482913, "b": false, "z": null}',
    ) as object
    const out = scrubEvent({ when, extra }) as { when: Date; extra: Record<string, unknown> }
    expect(out.when).toBe(when)
    expect(Object.getPrototypeOf(out.extra)).toBe(Object.prototype)
    expect(Object.keys(out.extra)).toEqual(['__proto__', 'n', 'b', 'z'])
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })

  it('handles events that are not plain objects, and odd request and breadcrumb shapes', () => {
    expect(scrubEvent(`see /cb#code=${secrets.code}`)).toBe('see /cb')
    expect(scrubEvent(null)).toBeNull()
    expect(scrubEvent(['/cb?code=1'])).toEqual(['/cb'])
    expect(scrubEvent({ request: `/cb?code=1` })).toEqual({ request: '/cb' })
    expect(scrubEvent({ request: { headers: ['Cookie', 'a=b'] } })).toEqual({
      request: { headers: ['Cookie', 'a=b'] },
    })
    expect(
      scrubEvent({ breadcrumbs: { values: [{ category: 'x', message: '/cb?code=1' }] } }),
    ).toEqual({
      breadcrumbs: { values: [{ category: 'x', message: '/cb' }] },
    })
  })

  it('property: a secret under a sensitive key or in a URL query never survives', () => {
    const sensitiveName = fc
      .tuple(
        fc.stringMatching(/^[a-z_]{0,4}$/),
        fc.constantFrom(
          'password',
          'passCode',
          'stateToken',
          'sessionToken',
          'sharedSecret',
          'code',
          'state',
          'code_verifier',
          'nonce',
          'otp',
          'access_token',
          'refresh_token',
          'id_token',
          'Authorization',
          'cookie',
          'email',
          'username',
          'clientSecret',
        ),
        fc.stringMatching(/^[A-Za-z_]{0,4}$/),
      )
      .map(([prefix, name, suffix]) => prefix + name + suffix)
      .filter((name) => !NON_SENSITIVE_KEYS.has(name.toLowerCase()))
    const placement = fc.oneof(
      sensitiveName.map((name) => (secret: string) => ({ [name]: secret })),
      fc.constantFrom('code', 'state', 'q', 'sessionToken', 'id_token_hint').chain((param) =>
        fc.constantFrom(
          (secret: string) =>
            `https://login.example.com/oauth2/v1/authorize?${param}=${encodeURIComponent(secret)}&x=1`,
          (secret: string) =>
            `GET https://login.example.com/p#${param}=${encodeURIComponent(secret)} failed`,
          (secret: string) =>
            `navigated from /callback#${param}=${encodeURIComponent(secret)}&y=2 to /`,
          (secret: string) => `/?${param}=${encodeURIComponent(secret)}`,
        ),
      ),
    )
    const where = fc.constantFrom(
      'extra',
      'contexts',
      'tags',
      'user',
      'message',
      'breadcrumb',
      'exception',
    )
    const embed = (filler: object, container: string, path: string[], value: unknown) => {
      let node: unknown = value
      for (const key of [...path].reverse()) node = { [key]: node }
      switch (container) {
        case 'message':
          return { ...filler, message: typeof node === 'string' ? node : JSON.stringify(node) }
        case 'breadcrumb':
          return { ...filler, breadcrumbs: [{ category: 'fetch', data: { url: node } }] }
        case 'exception':
          return {
            ...filler,
            exception: {
              values: [
                { type: 'Error', value: typeof node === 'string' ? node : JSON.stringify(node) },
              ],
            },
          }
        default:
          return { ...filler, [container]: node }
      }
    }
    fc.assert(
      fc.property(
        fc.string({
          minLength: 8,
          maxLength: 48,
          unit: fc.constantFrom(...'abcXYZ0189-_.~!*()$+/=@ %:é€'),
        }),
        placement,
        where,
        fc.array(fc.stringMatching(/^[a-z]{1,8}$/), { maxLength: 4 }),
        fc.object({ maxDepth: 2 }),
        (secret, place, container, path, filler) => {
          const event = embed(filler, container, path, place(secret))
          const placeholder = embed(filler, container, path, place('PLACEHOLDER'))
          fc.pre(leaks(scrubEvent(placeholder), [secret]).length === 0)
          expect(leaks(scrubEvent(event), [secret, encodeURIComponent(secret)])).toEqual([])
        },
      ),
      { numRuns: 1500 },
    )
  })
})
