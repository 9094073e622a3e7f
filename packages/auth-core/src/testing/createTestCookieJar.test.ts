import { describe, expect, it } from 'vitest'
import { browserCookieJar } from '../session/browserDefaults'
import { createTestCookieJar } from './createTestCookieJar'

const write = { path: '/', secure: true, sameSite: 'Lax' } as const

describe('createTestCookieJar', () => {
  it('starts with the given cookies at its Domain and Path /', () => {
    const jar = createTestCookieJar(
      { access_token: 'at', refresh_token: 'rt' },
      { domain: '.example.com' },
    )
    expect(jar.get('access_token')).toBe('at')
    expect(jar.list()).toEqual([
      { name: 'access_token', value: 'at', domain: '.example.com', path: '/', expiresAtMs: null },
      { name: 'refresh_token', value: 'rt', domain: '.example.com', path: '/', expiresAtMs: null },
    ])
    expect(jar.get('locale')).toBeUndefined()
  })

  it('set replaces the copy with the same name, Domain and Path, and records the write', () => {
    const jar = createTestCookieJar({ refresh_token: 'rt-0' }, { domain: '.example.com' })
    jar.set({ ...write, name: 'refresh_token', value: 'rt-1', domain: '.example.com' })
    expect(jar.getAll('refresh_token')).toEqual(['rt-1'])
    expect(jar.writes).toEqual([
      { ...write, name: 'refresh_token', value: 'rt-1', domain: '.example.com' },
    ])
  })

  it('holds a second copy at another Path or Domain; get then answers undefined, as a browser jar does', () => {
    const jar = createTestCookieJar({ access_token: 'ours' }, { domain: '.example.com' })
    jar.put('access_token', 'tossed', { path: '/projects' })
    jar.put('access_token', 'host-only', { domain: null })
    expect(jar.getAll('access_token')).toEqual(['tossed', 'ours', 'host-only'])
    expect(jar.get('access_token')).toBeUndefined()
    // The same answer browserCookieJar gives for the Cookie string the jar would send.
    expect(browserCookieJar({ cookie: jar.cookieHeader() }).get('access_token')).toBeUndefined()
    expect(jar.cookieHeader()).toBe(
      'access_token=tossed; access_token=ours; access_token=host-only',
    )
  })

  it('remove deletes only the copy with that name, Domain and Path', () => {
    const jar = createTestCookieJar({ access_token: 'ours' }, { domain: '.example.com' })
    jar.put('access_token', 'tossed', { path: '/projects' })
    jar.remove({ name: 'access_token', domain: '.example.com', path: '/projects' })
    expect(jar.getAll('access_token')).toEqual(['ours'])
    jar.remove({ name: 'access_token', path: '/' }) // host-only: not ours, which has a Domain
    expect(jar.get('access_token')).toBe('ours')
    jar.remove({ name: 'access_token', domain: '.example.com', path: '/' })
    expect(jar.get('access_token')).toBeUndefined()
    expect(jar.removals).toHaveLength(3)
  })

  it('host-only by default (local mode)', () => {
    const jar = createTestCookieJar({ access_token: 'at' })
    expect(jar.list()[0]?.domain).toBeNull()
    jar.set({ ...write, name: 'access_token', value: 'at-2' })
    expect(jar.getAll('access_token')).toEqual(['at-2'])
  })

  it('with a clock, a cookie runs out at its Max-Age; Max-Age 0 deletes it', () => {
    const clock = { nowMs: 1_000_000 }
    const jar = createTestCookieJar({}, { now: () => clock.nowMs })
    jar.set({ ...write, name: 'access_token', value: 'at', maxAgeSeconds: 60 })
    jar.set({ ...write, name: 'refresh_token', value: 'rt' })
    clock.nowMs += 59_999
    expect(jar.get('access_token')).toBe('at')
    clock.nowMs += 1
    expect(jar.get('access_token')).toBeUndefined()
    expect(jar.get('refresh_token')).toBe('rt')
    jar.set({ ...write, name: 'refresh_token', value: '', maxAgeSeconds: 0 })
    expect(jar.list()).toEqual([])
  })

  it('without a clock, Max-Age is recorded but nothing runs out', () => {
    const jar = createTestCookieJar()
    jar.set({ ...write, name: 'access_token', value: 'at', maxAgeSeconds: 1 })
    expect(jar.list()[0]?.expiresAtMs).toBeNull()
    jar.set({ ...write, name: 'access_token', value: 'gone', maxAgeSeconds: 0 })
    expect(jar.get('access_token')).toBeUndefined()
  })
})
