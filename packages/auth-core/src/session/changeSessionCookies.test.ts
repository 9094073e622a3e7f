/**
 * The one change of the session cookies that `signOut` and the sign-in page share: under the
 * platform-wide refresh lease it reads the tokens (after a sub-site's rotation in flight), removes,
 * writes, and when ending the session revokes every copy, best effort; without the lease when it
 * cannot be taken.
 */
import { describe, expect, it } from 'vitest'
import { changeSessionCookies } from '../index'
import type { SessionCookiesEnv } from '../index'
import { REFRESH_LEASE_COOKIE_NAME } from './session.types'
import {
  accessToken,
  NOW_S,
  recordingJar,
  sessionConfig,
  stubFetch,
} from '../testSupport/sessionTestKit'
import type { RecordingJar, SeenRequest } from '../testSupport/sessionTestKit'

const config = sessionConfig()
const NOW_MS = NOW_S * 1000
const ACCESS = accessToken({ exp: NOW_S + 3600 })
const tokenRemovals = [
  { name: 'access_token', domain: '.example.com', path: '/' },
  { name: 'refresh_token', domain: '.example.com', path: '/' },
] as const

/** A clock that every sleep advances, after yielding to other tasks (as a real wait would). */
function sharedClock() {
  const clock = { nowMs: NOW_MS, slept: [] as number[] }
  const sleep = async (ms: number) => {
    clock.slept.push(ms)
    await new Promise((resolve) => setTimeout(resolve, 0))
    clock.nowMs += ms
  }
  return { clock, sleep }
}

/** The env over `jar`, with the lease (holder `signin-holder`, `time`'s clock) unless `lease: false`. */
function envOf(
  jar: RecordingJar,
  fetch: typeof globalThis.fetch,
  options: {
    lease?: boolean
    time?: ReturnType<typeof sharedClock>
    sleep?: (ms: number) => Promise<void>
    randomId?: () => string
  } = {},
): SessionCookiesEnv {
  const time = options.time ?? sharedClock()
  return {
    config,
    cookies: jar,
    http: () => ({ fetch }),
    lease:
      options.lease === false
        ? null
        : {
            config,
            cookies: jar,
            now: () => time.clock.nowMs,
            sleep: options.sleep ?? time.sleep,
            randomId: options.randomId ?? (() => 'signin-holder'),
          },
  }
}

const revoked = (requests: SeenRequest[]) =>
  requests.map((request) => [request.form.get('token'), request.form.get('token_type_hint')])

describe('changeSessionCookies', () => {
  it('ending: holds the lease while it removes the token cookies and revokes both tokens, then lets go', async () => {
    const jar = recordingJar({ access_token: ACCESS, refresh_token: 'rt-1' })
    const leaseAtRemoval: (string | undefined)[] = []
    const watched: RecordingJar = {
      ...jar,
      remove: (removal) => {
        leaseAtRemoval.push(jar.get(REFRESH_LEASE_COOKIE_NAME))
        jar.remove(removal)
      },
    }
    const leaseAtRevocation: (string | undefined)[] = []
    const { fetch, requests } = stubFetch(() => {
      leaseAtRevocation.push(jar.get(REFRESH_LEASE_COOKIE_NAME))
      return new Response(null, { status: 200 })
    })
    await changeSessionCookies(envOf(watched, fetch), { remove: tokenRemovals, revoke: true })
    expect(revoked(requests)).toEqual([
      ['rt-1', 'refresh_token'],
      [ACCESS, 'access_token'],
    ])
    expect(requests.every((request) => request.url.endsWith('/oauth2/default/v1/revoke'))).toBe(
      true,
    )
    const ours = expect.stringMatching(/^signin-holder\./)
    // The token cookies' two removals, then the lease's own removal once everything answered.
    expect(leaseAtRemoval).toEqual([ours, ours, ours])
    expect(leaseAtRevocation).toEqual([ours, ours])
    expect(jar.getAll('access_token')).toEqual([])
    expect(jar.getAll('refresh_token')).toEqual([])
    expect(jar.getAll(REFRESH_LEASE_COOKIE_NAME)).toEqual([])
  })

  it('ending while a sub-site refreshes: waits for its lease, then revokes the tokens it rotated in', async () => {
    const jar = recordingJar({
      access_token: ACCESS,
      refresh_token: 'rt-1',
      [REFRESH_LEASE_COOKIE_NAME]: `citystreamholder.${NOW_MS + 5000}`,
    })
    const rotated = accessToken({ exp: NOW_S + 3600, jti: 'rotated' })
    const time = sharedClock()
    const sleep = async (ms: number) => {
      await time.sleep(ms)
      // The sub-site's refresh answers: rotated cookies, its lease removed.
      if (time.clock.slept.length === 3) {
        jar.values.set('access_token', rotated)
        jar.values.set('refresh_token', 'rt-2')
        jar.values.delete(REFRESH_LEASE_COOKIE_NAME)
      }
    }
    const { fetch, requests } = stubFetch(() => new Response(null, { status: 200 }))
    await changeSessionCookies(envOf(jar, fetch, { time, sleep }), {
      remove: tokenRemovals,
      revoke: true,
    })
    expect(revoked(requests)).toEqual([
      ['rt-2', 'refresh_token'],
      [rotated, 'access_token'],
    ])
    expect(jar.values.has('refresh_token')).toBe(false)
  })

  it('writing (a sign-in): removes, then writes, under the lease, and revokes nothing', async () => {
    const jar = recordingJar({ access_token: ACCESS, refresh_token: 'rt-earlier-person' })
    const { fetch, requests } = stubFetch(() => new Response(null, { status: 200 }))
    const write = {
      name: 'access_token',
      value: 'new-access',
      domain: '.example.com',
      path: '/',
      secure: true,
      sameSite: 'Lax',
      maxAgeSeconds: 3600,
    } as const
    await changeSessionCookies(envOf(jar, fetch), {
      remove: [tokenRemovals[1]],
      write: [write],
    })
    expect(requests).toEqual([])
    expect(jar.writes.map((w) => w.name)).toEqual([REFRESH_LEASE_COOKIE_NAME, 'access_token'])
    expect(jar.values.get('access_token')).toBe('new-access')
    expect(jar.values.has('refresh_token')).toBe(false)
    expect(jar.values.has(REFRESH_LEASE_COOKIE_NAME)).toBe(false)
  })

  it('revocation is best effort: a refusal or a network failure still resolves, the cookies removed', async () => {
    for (const answer of [
      () => new Response(JSON.stringify({ error: 'invalid_client' }), { status: 401 }),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ]) {
      const jar = recordingJar({ access_token: ACCESS, refresh_token: 'rt-1' })
      const { fetch, requests } = stubFetch(answer)
      await expect(
        changeSessionCookies(envOf(jar, fetch), { remove: tokenRemovals, revoke: true }),
      ).resolves.toBeUndefined()
      expect(requests).toHaveLength(2)
      expect(jar.getAll('access_token')).toEqual([])
      expect(jar.getAll('refresh_token')).toEqual([])
    }
  })

  it('when the lease cannot be taken (holder ids or the cookie refused): changes the cookies without it', async () => {
    const refusing = recordingJar({ access_token: ACCESS, refresh_token: 'rt-1' })
    const noLeaseCookie: RecordingJar = {
      ...refusing,
      set: (write) => {
        if (write.name === REFRESH_LEASE_COOKIE_NAME) throw new Error('cookie refused')
        refusing.set(write)
      },
    }
    const noIds = recordingJar({ access_token: ACCESS, refresh_token: 'rt-1' })
    const randomId = () => {
      throw new Error('no CSPRNG')
    }
    for (const [jar, env] of [
      [refusing, (fetch: typeof globalThis.fetch) => envOf(noLeaseCookie, fetch)],
      [noIds, (fetch: typeof globalThis.fetch) => envOf(noIds, fetch, { randomId })],
    ] as const) {
      const { fetch, requests } = stubFetch(() => new Response(null, { status: 200 }))
      await changeSessionCookies(env(fetch), { remove: tokenRemovals, revoke: true })
      expect(revoked(requests)).toEqual([
        ['rt-1', 'refresh_token'],
        [ACCESS, 'access_token'],
      ])
      expect(jar.getAll('access_token')).toEqual([])
      expect(jar.getAll('refresh_token')).toEqual([])
    }
  })

  it('a jar that fails during the change rejects with its error, and the change is not run twice', async () => {
    const jar = recordingJar({ access_token: ACCESS, refresh_token: 'rt-1' })
    let removals = 0
    const failing: RecordingJar = {
      ...jar,
      remove: (removal) => {
        if (removal.name !== REFRESH_LEASE_COOKIE_NAME) {
          removals += 1
          throw new Error('jar broken')
        }
        jar.remove(removal)
      },
    }
    const { fetch } = stubFetch(() => new Response(null, { status: 200 }))
    await expect(
      changeSessionCookies(envOf(failing, fetch), { remove: tokenRemovals, revoke: true }),
    ).rejects.toThrow('jar broken')
    expect(removals).toBe(1)
    expect(jar.values.has(REFRESH_LEASE_COOKIE_NAME)).toBe(false)
  })

  it('without a lease (not a browser): no lease cookie, the same change', async () => {
    const jar = recordingJar({ access_token: ACCESS, refresh_token: 'rt-1' })
    const { fetch, requests } = stubFetch(() => new Response(null, { status: 200 }))
    await changeSessionCookies(envOf(jar, fetch, { lease: false }), {
      remove: tokenRemovals,
      revoke: true,
    })
    expect(jar.writes).toEqual([])
    expect(revoked(requests)).toHaveLength(2)
    expect(jar.values.size).toBe(0)
  })

  it('revokes every copy (one out of reach too) and the values seen earlier, each once; never a value no cookie can hold', async () => {
    const jar = recordingJar({ access_token: ACCESS, refresh_token: 'rt-1' }, [
      { name: 'refresh_token', value: 'rt-tossed', path: '/', domain: 'signin.example.com' },
      { name: 'refresh_token', value: 'rt "forged"', path: '/deeper', domain: '.example.com' },
    ])
    const { fetch, requests } = stubFetch(() => new Response(null, { status: 200 }))
    await changeSessionCookies(envOf(jar, fetch, { lease: false }), {
      remove: tokenRemovals,
      revoke: true,
      alsoRevoke: { refreshTokens: ['rt-expired-earlier', 'rt-1'], accessTokens: [] },
    })
    expect(revoked(requests)).toEqual([
      ['rt-expired-earlier', 'refresh_token'],
      ['rt-1', 'refresh_token'],
      ['rt-tossed', 'refresh_token'],
      [ACCESS, 'access_token'],
    ])
  })
})
