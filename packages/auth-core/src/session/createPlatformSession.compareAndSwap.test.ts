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
  setupSession,
} from '../testing/sessionTestKit'
import type { SeenRequest } from '../testing/sessionTestKit'

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
