/**
 * The sign-in page expires tossed token cookies (a sibling sub-domain
 * can set them with a deeper Path, and the browser sends them first): opened as `/a/b#sign-in`, it
 * deletes `access_token` and `refresh_token` at every ancestor path of `/a/b` on the parent
 * domain before anything else writes ours at `/`. The path arrives in the page snapshot (data);
 * auth-core never reads the location.
 */
import { describe, expect, it } from 'vitest'
import { page, run } from '../testSupport/flowHarness'
import { localTestConfig } from '../testSupport/testConfig'
import type { SignInEffect } from './signInFlow.types'

const removals = (effects: readonly SignInEffect[]) =>
  effects.flatMap((effect) => (effect.type === 'removeCookie' ? [effect.cookie] : []))
const loadedAt = (path: string | undefined, hash = '') =>
  run([{ type: 'pageLoaded', page: page({ path, hash }) }])

describe('signInFlow: tossed token cookies at deeper paths', () => {
  it('opened as /a/b#sign-in: expires both token names at /a, /a/ and /a/b on the parent domain, and resets to the root', () => {
    const { effects, state } = loadedAt('/a/b', '#sign-in')
    expect(removals(effects)).toEqual([
      { name: 'access_token', domain: '.example.com', path: '/a' },
      { name: 'access_token', domain: '.example.com', path: '/a/' },
      { name: 'access_token', domain: '.example.com', path: '/a/b' },
      { name: 'refresh_token', domain: '.example.com', path: '/a' },
      { name: 'refresh_token', domain: '.example.com', path: '/a/' },
      { name: 'refresh_token', domain: '.example.com', path: '/a/b' },
    ])
    expect(state).toMatchObject({ step: 'email' })
    expect(effects).toContainEqual({ type: 'setLocation', hash: '', email: null, mode: 'replace' })
  })

  it.each([
    ['/', undefined],
    ['absent', undefined],
  ])('opened at %s: no removal (the token cookies at / are ours)', (label) => {
    const { effects } = loadedAt(label === '/' ? '/' : undefined)
    expect(removals(effects)).toEqual([])
  })

  it('on a plain visit at /projects (no hash): expires /projects copies too', () => {
    const { effects } = loadedAt('/projects')
    expect(removals(effects).map((cookie) => `${cookie.name}@${cookie.path}`)).toEqual([
      'access_token@/projects',
      'refresh_token@/projects',
    ])
  })

  it('never touches post_login_redirect or other names at the deeper paths', () => {
    const { effects } = loadedAt('/a/b/c')
    expect(new Set(removals(effects).map((cookie) => cookie.name))).toEqual(
      new Set(['access_token', 'refresh_token']),
    )
  })

  it('in local mode the deletions are host-only, like the cookies', () => {
    const { effects } = run([{ type: 'pageLoaded', page: page({ path: '/a' }) }], {
      config: localTestConfig(),
    })
    expect(removals(effects)).toEqual([
      { name: 'access_token', path: '/a' },
      { name: 'refresh_token', path: '/a' },
    ])
  })

  it('a path with characters a cookie Path cannot hold is skipped, not written', () => {
    const { effects } = loadedAt('/a;b/c')
    expect(removals(effects).every((cookie) => !cookie.path.includes(';'))).toBe(true)
  })
})
