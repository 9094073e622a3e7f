/**
 * A listener that throws (a sub-site's bug, a view torn down mid-render) is the caller's problem:
 * it is reported through `deps.onError` and changes nothing else. The other listeners hear every
 * event, `getAccessToken()` and the authenticated fetch resolve as if it had not thrown.
 */
import { describe, expect, it } from 'vitest'
import { createAuthenticatedFetch } from './createAuthenticatedFetch'
import {
  accessToken,
  json,
  manualWatch,
  NOW_S,
  refreshBody,
  sessionConfig,
  setupSession,
} from '../testSupport/sessionTestKit'
import type { SeenRequest } from '../testSupport/sessionTestKit'
import type { SessionEvent } from './session.types'

const config = sessionConfig()
const stale = accessToken({ exp: NOW_S - 1 })
const live = accessToken({ exp: NOW_S + 3600 })
const refreshed = refreshBody(config).access_token as string
const API = 'https://api.example.com/roads'

/** The token endpoint answers a rotated refresh; the API answers 200 with the bearer it saw. */
function provider(request: SeenRequest): Response {
  if (request.url.endsWith('/v1/token')) return json(refreshBody(config))
  return json({}, 200)
}

/** A session whose first listener throws on every event; the second records them. */
function withThrowingListener(cookies: Record<string, string>) {
  const errors: unknown[] = []
  const watch = manualWatch()
  const setup = setupSession({
    cookies,
    answer: provider,
    deps: { onError: (error) => errors.push(error), watchCookies: watch.watchCookies },
  })
  const bug = new Error('a view bug')
  setup.session.subscribe(() => {
    throw bug
  })
  const heard: SessionEvent[] = []
  setup.session.subscribe((event) => heard.push(event))
  return { ...setup, errors, heard, bug, watch }
}

describe('createPlatformSession: a listener that throws', () => {
  it('getAccessToken() resolves the refreshed token; the error goes to onError', async () => {
    const { session, errors, bug, jar } = withThrowingListener({
      access_token: stale,
      refresh_token: 'rt-1',
    })
    await expect(session.getAccessToken()).resolves.toBe(refreshed)
    expect(jar.values.get('refresh_token')).toBe('rt-rotated')
    expect(errors.length).toBeGreaterThan(0)
    expect(new Set(errors)).toEqual(new Set([bug]))
  })

  it('the other listeners still hear every event, in order', async () => {
    const { session, heard, jar, watch, errors } = withThrowingListener({
      access_token: stale,
      refresh_token: 'rt-1',
    })
    await session.getAccessToken()
    jar.values.set('access_token', live)
    watch.fire()
    jar.values.delete('access_token')
    jar.values.delete('refresh_token')
    watch.fire()
    expect(heard.map((event) => event.type)).toEqual(['refreshed', 'changedElsewhere', 'signedOut'])
    expect(errors).toHaveLength(3)
  })

  it('the authenticated fetch resolves the API answer, sent with the refreshed token', async () => {
    const { session, requests } = withThrowingListener({
      access_token: stale,
      refresh_token: 'rt-1',
    })
    const seen: string[] = []
    const send = createAuthenticatedFetch(session, {
      subSite: 'citystream',
      apiOrigins: [new URL(API).origin],
      fetch: async (input) => {
        seen.push(new Request(input).headers.get('authorization') ?? '')
        return new Response('ok')
      },
    })
    const response = await send(API)
    expect(await response.text()).toBe('ok')
    expect(seen).toEqual([`Bearer ${refreshed}`])
    expect(requests.filter((request) => request.url.endsWith('/v1/token'))).toHaveLength(1)
  })

  it('without onError: the same, the error is dropped', async () => {
    const { session } = setupSession({
      cookies: { access_token: stale, refresh_token: 'rt-1' },
      answer: provider,
    })
    session.subscribe(() => {
      throw new Error('a view bug')
    })
    await expect(session.getAccessToken()).resolves.toBe(refreshed)
  })
})
