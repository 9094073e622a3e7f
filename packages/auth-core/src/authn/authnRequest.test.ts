import { describe, expect, it, vi } from 'vitest'
import { AuthError } from '../errors/authError'
import { localTestConfig, testConfig } from '../testSupport/testConfig'
import type { AuthnCall } from './authn.types'
import { authnRequest } from './authnRequest'

const ORG = 'https://login.example.com'

/** A fetch stub that records its one call and answers 200 `{}`. */
function recordingFetch() {
  const stub = vi.fn<typeof fetch>(async () => new Response('{}'))
  const call = () => {
    expect(stub).toHaveBeenCalledTimes(1)
    const [url, init] = stub.mock.calls[0] ?? []
    return { url, init: init ?? {}, body: JSON.parse(String(init?.body)) as unknown }
  }
  return { stub, call }
}

describe('authnRequest', () => {
  it.each<[string, AuthnCall, string, unknown]>([
    [
      'primary',
      { kind: 'primary', username: 'Ann@Example.com', password: '  p@ss word ' },
      `${ORG}/api/v1/authn`,
      {
        username: 'Ann@Example.com',
        password: '  p@ss word ',
        options: { multiOptionalFactorEnroll: false, warnBeforePasswordExpired: false },
      },
    ],
    ['resume', { kind: 'resume', stateToken: 'st1' }, `${ORG}/api/v1/authn`, { stateToken: 'st1' }],
    [
      'enroll',
      { kind: 'enroll', stateToken: 'st1', provider: 'GOOGLE' },
      `${ORG}/api/v1/authn/factors`,
      { stateToken: 'st1', factorType: 'token:software:totp', provider: 'GOOGLE' },
    ],
    [
      'activate',
      { kind: 'activate', stateToken: 'st1', factorId: 'ostf2xjtDKWFPZIKYDZV', passCode: '123456' },
      `${ORG}/api/v1/authn/factors/ostf2xjtDKWFPZIKYDZV/lifecycle/activate`,
      { stateToken: 'st1', passCode: '123456' },
    ],
    [
      'verify',
      { kind: 'verify', stateToken: 'st1', factorId: 'osthw62MEvG6YFuHe0g3', passCode: '654321' },
      `${ORG}/api/v1/authn/factors/osthw62MEvG6YFuHe0g3/verify`,
      { stateToken: 'st1', passCode: '654321' },
    ],
    [
      'verify (remember this device)',
      {
        kind: 'verify',
        stateToken: 'st1',
        factorId: 'osthw62MEvG6YFuHe0g3',
        passCode: '654321',
        rememberDevice: true,
      },
      `${ORG}/api/v1/authn/factors/osthw62MEvG6YFuHe0g3/verify?rememberDevice=true`,
      { stateToken: 'st1', passCode: '654321' },
    ],
    [
      'changePassword',
      { kind: 'changePassword', stateToken: 'st1', oldPassword: ' old ', newPassword: 'Ch-ch-1!' },
      `${ORG}/api/v1/authn/credentials/change_password`,
      { stateToken: 'st1', oldPassword: ' old ', newPassword: 'Ch-ch-1!' },
    ],
    [
      'unlock',
      { kind: 'unlock', username: 'lou@example.com' },
      `${ORG}/api/v1/authn/recovery/unlock`,
      { username: 'lou@example.com', factorType: 'EMAIL' },
    ],
  ])(
    "on a %s call: POSTs the exact URL, headers and JSON body, with Okta's cookies (credentials include)",
    async (_kind, authnCall, url, body) => {
      const { stub, call } = recordingFetch()
      const signal = new AbortController().signal
      const response = await authnRequest(testConfig({ oktaOrgUrl: ORG }), authnCall, {
        fetch: stub,
        signal,
      })
      expect(response.status).toBe(200)
      const sent = call()
      expect(sent.url).toBe(url)
      expect(sent.body).toStrictEqual(body)
      expect(sent.init).toStrictEqual({
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        credentials: 'include',
        cache: 'no-store',
        redirect: 'error',
        referrerPolicy: 'no-referrer',
        signal,
      })
    },
  )

  it('sends the password exactly as typed, including spaces and unicode', async () => {
    const { stub, call } = recordingFetch()
    const password = ' \tpässwörd🔑 '
    await authnRequest(
      testConfig(),
      { kind: 'primary', username: 'a@b.co', password },
      { fetch: stub },
    )
    expect(call().body).toMatchObject({ password })
  })

  it('without a signal: passes signal null', async () => {
    const { stub, call } = recordingFetch()
    await authnRequest(testConfig(), { kind: 'resume', stateToken: 'st' }, { fetch: stub })
    expect(call().init.signal).toBeNull()
  })

  it('in local mode: posts to an http org', async () => {
    const { stub, call } = recordingFetch()
    await authnRequest(localTestConfig(), { kind: 'resume', stateToken: 'st' }, { fetch: stub })
    expect(call().url).toBe('http://localhost:8080/api/v1/authn')
  })

  it('without options.fetch: uses globalThis.fetch, unbound', async () => {
    const stub = vi.fn<typeof fetch>(async () => new Response('{}'))
    vi.stubGlobal('fetch', stub)
    try {
      await authnRequest(testConfig(), { kind: 'resume', stateToken: 'st' })
      expect(stub).toHaveBeenCalledWith(
        `${ORG}/api/v1/authn`,
        expect.objectContaining({ method: 'POST' }),
      )
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it.each<[string, AuthnCall, string]>([
    [
      'activate with a path in the factor id',
      { kind: 'activate', stateToken: 'st', factorId: '../../users/me', passCode: '123456' },
      'missing_verification_data',
    ],
    [
      'activate with an empty factor id',
      { kind: 'activate', stateToken: 'st', factorId: '', passCode: '123456' },
      'missing_verification_data',
    ],
    [
      'activate with an empty state token',
      { kind: 'activate', stateToken: '', factorId: 'f1', passCode: '123456' },
      'missing_verification_data',
    ],
    [
      'verify with a query in the factor id',
      { kind: 'verify', stateToken: 'st', factorId: 'f1?rememberDevice=true', passCode: '123456' },
      'missing_mfa_data',
    ],
    [
      'verify with a 65-character factor id',
      { kind: 'verify', stateToken: 'st', factorId: 'f'.repeat(65), passCode: '123456' },
      'missing_mfa_data',
    ],
    [
      'verify with an encoded slash',
      { kind: 'verify', stateToken: 'st', factorId: 'a%2Fb', passCode: '123456' },
      'missing_mfa_data',
    ],
    [
      'verify with an empty state token',
      { kind: 'verify', stateToken: '', factorId: 'f1', passCode: '123456' },
      'missing_mfa_data',
    ],
    [
      'enroll with an empty state token',
      { kind: 'enroll', stateToken: '', provider: 'OKTA' },
      'missing_state_token',
    ],
  ])('on %s: throws %s and never calls fetch', (_label, authnCall, code) => {
    const stub = vi.fn<typeof fetch>()
    let thrown: unknown
    try {
      void authnRequest(testConfig(), authnCall, { fetch: stub })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(AuthError)
    expect((thrown as AuthError).code).toBe(code)
    expect(stub).not.toHaveBeenCalled()
  })
})
