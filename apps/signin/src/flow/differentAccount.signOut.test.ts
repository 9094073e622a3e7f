/**
 * "Sign in with a different account" on the sign-in page and a sub-site's `signOut` end the
 * platform session alike, through auth-core's one `changeSessionCookies`: the same scenario runs
 * through both and must give the same outcome (the refresh lease held while the token cookies are
 * removed and the tokens revoked; every copy revoked; revocation best effort; the cookies removed
 * even when the lease cannot be taken).
 */
import { describe, expect, it } from 'vitest'
import type { AuthConfig, SignInEffect } from '@mapping-platform/auth-core'
import { createPlatformSession } from '../../../../packages/auth-core/src/session/createPlatformSession'
import {
  accessToken,
  recordingJar,
} from '../../../../packages/auth-core/src/testSupport/sessionTestKit'
import type { RecordingJar } from '../../../../packages/auth-core/src/testSupport/sessionTestKit'
import { createTransactionStorage } from '../browser/transactionStorage'
import type { LocationAdapter } from '../browser/locationAdapter'
import { testAuthConfig } from '../testing/harness'
import { runEffect } from './runEffect'
import type { EffectAdapters } from './runEffect'

const LEASE = 'refresh_lease'
const ACCESS = accessToken({ exp: Math.floor(Date.now() / 1000) + 3600 })

/** What one revocation request carried, and whether the refresh lease was held when it left. */
interface Revocation {
  readonly token: string | null
  readonly hint: string | null
  readonly leaseHeld: boolean
}

interface Provider {
  readonly fetch: typeof fetch
  readonly revocations: Revocation[]
}

/** The provider: revocations recorded (answered `revokeStatus`), token requests answered 503. */
function provider(jar: RecordingJar, revokeStatus = 200): Provider {
  const revocations: Revocation[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input)
    const body = init?.body ?? (input instanceof Request ? await input.text() : '')
    const form = new URLSearchParams(String(body))
    if (!url.endsWith('/v1/revoke')) return new Response('busy', { status: 503 })
    revocations.push({
      token: form.get('token'),
      hint: form.get('token_type_hint'),
      leaseHeld: jar.values.has(LEASE),
    })
    return new Response(null, { status: revokeStatus })
  }
  return { fetch: fetch as typeof globalThis.fetch, revocations }
}

/** A jar that refuses to write the lease (as a browser refusing the cookie would). */
function refusingLease(jar: RecordingJar): RecordingJar {
  return {
    ...jar,
    set: (write) => {
      if (write.name === LEASE) throw new Error('cookie refused')
      jar.set(write)
    },
  }
}

/** When each token cookie was removed: whether the lease was held then. */
function removalsUnderLease(jar: RecordingJar): RecordingJar & { readonly underLease: boolean[] } {
  const underLease: boolean[] = []
  return {
    ...jar,
    underLease,
    remove: (removal) => {
      if (removal.name === 'access_token' || removal.name === 'refresh_token')
        underLease.push(jar.values.has(LEASE))
      jar.remove(removal)
    },
  }
}

type End = (jar: RecordingJar, fetch: typeof globalThis.fetch) => Promise<void>

const config: AuthConfig = testAuthConfig()

/** The page: the `endSession` effect of "Sign in with a different account", through runEffect. */
const page: End = (jar, fetch) => {
  const effect: SignInEffect = {
    type: 'endSession',
    cookies: [
      { name: 'access_token', domain: '.example.com', path: '/' },
      { name: 'refresh_token', domain: '.example.com', path: '/' },
    ],
  }
  const adapters: EffectAdapters = {
    config,
    storage: createTransactionStorage(),
    cookies: jar,
    location: {} as LocationAdapter,
    timers: {
      start: (callback, ms) => {
        const id = setTimeout(callback, ms)
        return () => clearTimeout(id)
      },
      deadline: () => new AbortController().signal,
      whenIdle: (callback) => callback(),
      now: () => Date.now(),
    },
    randomBytes: (length) => crypto.getRandomValues(new Uint8Array(length)),
    reporter: { reportFailure: () => undefined, reportWarning: () => undefined },
    fetch,
  }
  return new Promise((resolve) => runEffect(effect, () => resolve(), adapters))
}

/** A sub-site: `signOut` of its platform session over the same cookies. */
const subSite: End = (jar, fetch) => {
  let id = 0
  const session = createPlatformSession(
    {
      oktaOrgUrl: config.oktaOrgUrl,
      authServerId: config.authServerId,
      clientId: config.clientId,
      parentDomain: '.example.com',
      localMode: false,
      signInUrl: 'https://signin.example.com/',
    },
    {
      cookies: jar,
      fetch,
      navigate: () => undefined,
      lock: (_name, task) => task(),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      randomId: () => `citystream-${(id += 1)}`,
    },
  )
  return session.signOut({ returnTo: 'https://citystream.example.com/' })
}

describe.each([
  ['the sign-in page (Sign in with a different account)', page],
  ['a sub-site (signOut)', subSite],
])('ending the session: %s', (_who, end) => {
  it('holds the refresh lease while it removes the token cookies and revokes both tokens', async () => {
    const jar = removalsUnderLease(recordingJar({ access_token: ACCESS, refresh_token: 'rt-1' }))
    const { fetch, revocations } = provider(jar)
    await end(jar, fetch)
    expect(revocations).toEqual(
      expect.arrayContaining([
        { token: 'rt-1', hint: 'refresh_token', leaseHeld: true },
        { token: ACCESS, hint: 'access_token', leaseHeld: true },
      ]),
    )
    expect(revocations).toHaveLength(2)
    expect(jar.underLease).toEqual([true, true])
    expect(jar.getAll('access_token')).toEqual([])
    expect(jar.getAll('refresh_token')).toEqual([])
    expect(jar.getAll(LEASE)).toEqual([])
  })

  it('when the lease cannot be taken (the cookie is refused): still removes the cookies and revokes both tokens', async () => {
    const jar = recordingJar({ access_token: ACCESS, refresh_token: 'rt-1' })
    const { fetch, revocations } = provider(jar)
    await end(refusingLease(jar), fetch)
    expect(revocations.map(({ token, hint }) => [token, hint])).toEqual(
      expect.arrayContaining([
        ['rt-1', 'refresh_token'],
        [ACCESS, 'access_token'],
      ]),
    )
    expect(jar.getAll('access_token')).toEqual([])
    expect(jar.getAll('refresh_token')).toEqual([])
  })

  it('when the revocation endpoint fails: resolves, with the cookies removed (best effort)', async () => {
    const jar = recordingJar({ access_token: ACCESS, refresh_token: 'rt-1' })
    const { fetch, revocations } = provider(jar, 503)
    await end(jar, fetch)
    expect(revocations).toHaveLength(2)
    expect(jar.getAll('access_token')).toEqual([])
    expect(jar.getAll('refresh_token')).toEqual([])
  })

  it('with a refresh_token copy out of reach (another Domain): revokes every copy', async () => {
    const jar = recordingJar({ access_token: ACCESS, refresh_token: 'rt-1' }, [
      { name: 'refresh_token', value: 'rt-tossed', path: '/', domain: 'signin.example.com' },
    ])
    const { fetch, revocations } = provider(jar)
    await end(jar, fetch)
    const refreshTokens = revocations.filter(({ hint }) => hint === 'refresh_token')
    expect(refreshTokens.map(({ token }) => token).sort()).toEqual(['rt-1', 'rt-tossed'])
  })
})
