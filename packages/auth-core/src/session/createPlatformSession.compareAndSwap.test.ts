/**
 * Compare-and-swap after every refresh: a refresh answer is written only while the refresh
 * cookie still holds the token that was sent. A refresh that reached the provider before a
 * sign-out, or before someone else signed in, must not write the old person's tokens back.
 */
import { describe, expect, it } from 'vitest'
import {
  accessToken,
  deferred,
  idToken,
  json,
  NOW_S,
  refreshBody,
  sessionConfig,
  recordingJar,
  setupSession,
} from '../testSupport/sessionTestKit'
import type { RecordingJar, SeenRequest, TossedCookie } from '../testSupport/sessionTestKit'

const config = sessionConfig()
const stale = accessToken({ exp: NOW_S - 1 })
const refreshed = accessToken({ exp: NOW_S + 3600, jti: 'old-person-refreshed' })
const otherPerson = accessToken({ sub: 'grace@example.com', exp: NOW_S + 3600, jti: 'other' })

/** A token endpoint held until released (rotating rt-1 to rt-rotated), and 200 at /v1/revoke. */
function heldProvider() {
  const gate = deferred<void>()
  const answer = async (request: SeenRequest): Promise<Response> => {
    if (request.url.endsWith('/v1/revoke')) return new Response(null, { status: 200 })
    await gate.promise
    return json(
      refreshBody(config, {
        access_token: refreshed,
        refresh_token: 'rt-rotated',
        id_token: idToken(config, { exp: NOW_S + 3600 }),
      }),
    )
  }
  return { answer, release: () => gate.resolve() }
}

const revoked = (requests: readonly SeenRequest[]) =>
  requests
    .filter((request) => request.url.endsWith('/v1/revoke'))
    .map((request) => [request.form.get('token_type_hint'), request.form.get('token')])

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !condition(); i++)
    await new Promise((resolve) => setTimeout(resolve, 0))
  expect(condition()).toBe(true)
}

describe('createPlatformSession: a refresh answer is written only over the token it replaced', () => {
  it.each([
    ['without the lease', {}],
    ['under the lease', { sleep: () => Promise.resolve(), randomId: () => 'citystream-holder' }],
  ])(
    'cookies removed while the refresh was at the provider (signed out), %s: writes nothing, revokes the new refresh token, resolves null',
    async (_label, deps) => {
      const provider = heldProvider()
      const { session, jar, requests } = setupSession({
        cookies: { access_token: stale, refresh_token: 'rt-1' },
        answer: provider.answer,
        deps,
      })
      const token = session.getAccessToken()
      await until(() => requests.length === 1)
      jar.values.delete('access_token')
      jar.values.delete('refresh_token')
      provider.release()

      expect(await token).toBeNull()
      expect(jar.values.has('access_token')).toBe(false)
      expect(jar.values.has('refresh_token')).toBe(false)
      expect(jar.writes.filter((write) => write.name.endsWith('_token'))).toEqual([])
      expect(revoked(requests)).toContainEqual(['refresh_token', 'rt-rotated'])
    },
  )

  it('cookies replaced by another person’s tokens meanwhile: keeps them, revokes ours, resolves the other person’s access token', async () => {
    const provider = heldProvider()
    const { session, jar, requests } = setupSession({
      cookies: { access_token: stale, refresh_token: 'rt-1' },
      answer: provider.answer,
    })
    const token = session.getAccessToken()
    await until(() => requests.length === 1)
    jar.values.set('access_token', otherPerson)
    jar.values.set('refresh_token', 'rt-grace')
    provider.release()

    expect(await token).toBe(otherPerson)
    expect(jar.values.get('access_token')).toBe(otherPerson)
    expect(jar.values.get('refresh_token')).toBe('rt-grace')
    expect(jar.writes.filter((write) => write.name.endsWith('_token'))).toEqual([])
    expect(revoked(requests)).toContainEqual(['refresh_token', 'rt-rotated'])
    expect(revoked(requests).flat()).not.toContain('rt-grace')
  })

  it('a provider that does not rotate: the refresh token it kept is revoked when the cookies were removed meanwhile', async () => {
    const gate = deferred<void>()
    const { session, jar, requests } = setupSession({
      cookies: { access_token: stale, refresh_token: 'rt-1' },
      answer: async (request) => {
        if (request.url.endsWith('/v1/revoke')) return new Response(null, { status: 200 })
        await gate.promise
        return json(refreshBody(config, { refresh_token: undefined }))
      },
    })
    const token = session.getAccessToken()
    await until(() => requests.length === 1)
    jar.values.delete('access_token')
    jar.values.delete('refresh_token')
    gate.resolve()
    expect(await token).toBeNull()
    expect(jar.values.size).toBe(0)
    expect(revoked(requests)).toContainEqual(['refresh_token', 'rt-1'])
  })

  it('signOut after a refresh that lost the swap has no ID token of the old person to hint with', async () => {
    const provider = heldProvider()
    const { session, jar, requests, navigations } = setupSession({
      cookies: { access_token: stale, refresh_token: 'rt-1' },
      answer: provider.answer,
    })
    const token = session.getAccessToken()
    await until(() => requests.length === 1)
    jar.values.delete('access_token')
    jar.values.delete('refresh_token')
    provider.release()
    await token
    await session.signOut({ returnTo: 'https://citystream.example.com/' })
    expect(navigations).toEqual(['https://citystream.example.com/'])
  })
})

/**
 * Finding S-1 of the session simulation: a sibling sub-site tossed a `refresh_token` copy in while
 * the refresh was at the provider. The page then sees two copies (`get` reads neither); that is
 * not a sign-out. Were the rotated token revoked and nothing written, the cookie at `Path=/` would
 * keep the spent token, the next tab would present it again and the provider's reuse detection
 * would end the whole token family: everyone signed out.
 */
describe('createPlatformSession: a copy tossed in while the refresh was at the provider', () => {
  const mapsPage = () => '/maps/view'
  const atMaps = (value: string): TossedCookie => ({
    name: 'refresh_token',
    value,
    path: '/maps',
    domain: '.example.com',
  })
  /** Host-only at Path=/: no removal of the page reaches it. */
  const outOfReach = (value: string): TossedCookie => ({ name: 'refresh_token', value, path: '/' })

  async function tossDuring(copy: TossedCookie, meanwhile: (jar: RecordingJar) => void = () => {}) {
    const provider = heldProvider()
    const jar = recordingJar({ access_token: stale, refresh_token: 'rt-1' })
    const { session, requests } = setupSession({
      cookies: jar,
      answer: provider.answer,
      deps: { pagePath: mapsPage },
    })
    const token = session.getAccessToken()
    await until(() => requests.length === 1)
    jar.tossed.push(copy)
    meanwhile(jar)
    provider.release()
    return { token: await token, jar, requests }
  }

  it.each([
    ['the spent token', 'rt-1'],
    ['another value', 'rt-mallory'],
  ])(
    'at an ancestor path of the page (%s): expired, the rotated tokens written over the spent one, nothing revoked',
    async (_label, value) => {
      const { token, jar, requests } = await tossDuring(atMaps(value))
      expect(token).toBe(refreshed)
      expect(jar.values.get('refresh_token')).toBe('rt-rotated')
      expect(jar.values.get('access_token')).toBe(refreshed)
      expect(jar.tossed).toEqual([])
      expect(revoked(requests)).toEqual([])
    },
  )

  it('out of reach and holding the token sent (every copy is the spent one): the rotated tokens replace ours at Path=/, nothing revoked', async () => {
    const { token, jar, requests } = await tossDuring(outOfReach('rt-1'))
    expect(jar.values.get('refresh_token')).toBe('rt-rotated')
    expect(revoked(requests)).toEqual([])
    // Every copy held the token sent, so the person is the one who asked: their new token.
    expect(token).toBe(refreshed)
  })

  it('out of reach and holding another value (which copy is ours is unknowable): writes nothing, revokes nothing, resolves null', async () => {
    const { token, jar, requests } = await tossDuring(outOfReach('rt-mallory'))
    expect(token).toBeNull()
    expect(jar.values.get('refresh_token')).toBe('rt-1')
    expect(jar.values.get('access_token')).toBe(stale)
    expect(jar.writes.filter((write) => write.name.endsWith('_token'))).toEqual([])
    expect(revoked(requests)).toEqual([])
  })

  it('signed out meanwhile while an access_token copy out of reach arrived: still a sign-out (the new refresh token revoked, nothing written)', async () => {
    const { token, jar, requests } = await tossDuring(
      { name: 'access_token', value: stale, path: '/' },
      (jar) => jar.values.delete('refresh_token'),
    )
    expect(token).toBeNull()
    expect(jar.values.has('refresh_token')).toBe(false)
    expect(jar.writes.filter((write) => write.name.endsWith('_token'))).toEqual([])
    expect(revoked(requests)).toContainEqual(['refresh_token', 'rt-rotated'])
  })

  it('invalid_grant while another sub-site won and a sibling tossed a copy: the winner’s cookies are kept and used', async () => {
    const gate = deferred<void>()
    const winner = accessToken({ exp: NOW_S + 3600, jti: 'winner' })
    const jar = recordingJar({ access_token: stale, refresh_token: 'rt-1' })
    const { session, requests } = setupSession({
      cookies: jar,
      answer: async (request) => {
        if (request.url.endsWith('/v1/revoke')) return new Response(null, { status: 200 })
        await gate.promise
        return json({ error: 'invalid_grant' }, 400)
      },
      deps: { pagePath: mapsPage },
    })
    const token = session.getAccessToken()
    await until(() => requests.length === 1)
    jar.values.set('access_token', winner)
    jar.values.set('refresh_token', 'rt-winner')
    jar.tossed.push(atMaps('rt-1'))
    gate.resolve()
    expect(await token).toBe(winner)
    expect(jar.values.get('refresh_token')).toBe('rt-winner')
    expect(jar.values.get('access_token')).toBe(winner)
    expect(jar.tossed).toEqual([])
  })

  it('invalid_grant with a copy out of reach holding another value: clears nothing (the cookie at Path=/ may be a winner’s), resolves null', async () => {
    const gate = deferred<void>()
    const jar = recordingJar({ access_token: stale, refresh_token: 'rt-1' })
    const { session, requests } = setupSession({
      cookies: jar,
      answer: async () => {
        await gate.promise
        return json({ error: 'invalid_grant' }, 400)
      },
      deps: { pagePath: mapsPage },
    })
    const token = session.getAccessToken()
    await until(() => requests.length === 1)
    jar.values.set('refresh_token', 'rt-winner')
    jar.tossed.push(outOfReach('rt-1'))
    gate.resolve()
    expect(await token).toBeNull()
    expect(jar.values.get('refresh_token')).toBe('rt-winner')
    expect(jar.removals.filter((removal) => removal.path === '/')).toEqual([])
  })
})
