import { describe, expect, it } from 'vitest'
import { localTestConfig, testConfig } from '../testSupport/testConfig'
import {
  MAX_ANCESTOR_PATHS,
  planAncestorPathRemovals,
  planCookieRemoval,
} from './planCookieRemoval'

describe('planCookieRemoval', () => {
  it('in production: removes on the parent domain and path /', () => {
    expect(planCookieRemoval(testConfig(), 'post_login_redirect')).toEqual({
      name: 'post_login_redirect',
      domain: '.example.com',
      path: '/',
    })
  })

  it('in local mode: removes the host-only cookie', () => {
    expect(planCookieRemoval(localTestConfig(), 'access_token')).toEqual({
      name: 'access_token',
      path: '/',
    })
  })

  it('needs only parentDomain and localMode', () => {
    expect(planCookieRemoval({ parentDomain: '.example.org', localMode: true }, 'sid')).toEqual({
      name: 'sid',
      path: '/',
    })
  })

  it('on an invalid name: throws unknown_error', () => {
    expect(() => planCookieRemoval(testConfig(), 'a;b')).toThrow(
      expect.objectContaining({ code: 'unknown_error', message: 'Not a valid cookie name.' }),
    )
  })
})

describe('planAncestorPathRemovals', () => {
  const config = { parentDomain: '.example.com', localMode: false }

  it('expires each name at every ancestor path of the page, with and without the trailing slash', () => {
    expect(
      planAncestorPathRemovals(config, ['access_token'], '/a/b/c?x=1#y').map((r) => r.path),
    ).toEqual(['/a', '/a/', '/a/b', '/a/b/', '/a/b/c'])
  })

  it('at the root, or for a path it could not write safely: nothing beyond the ordinary removal', () => {
    expect(planAncestorPathRemovals(config, ['access_token'], '/')).toEqual([])
    expect(planAncestorPathRemovals(config, ['access_token'], '')).toEqual([])
    expect(planAncestorPathRemovals(config, ['access_token'], '?x=/a#/b')).toEqual([])
    expect(planAncestorPathRemovals(config, ['access_token'], 'a/b')).toEqual([])
    expect(
      planAncestorPathRemovals(config, ['access_token'], '/ok/has;semicolon').map((r) => r.path),
    ).toEqual(['/ok', '/ok/'])
  })

  it('keeps empty path segments (a browser matches paths byte for byte), never adding /', () => {
    expect(planAncestorPathRemovals(config, ['access_token'], '//')).toEqual([
      { name: 'access_token', domain: '.example.com', path: '//' },
    ])
    expect(planAncestorPathRemovals(config, ['access_token'], '/a//b/').map((r) => r.path)).toEqual(
      ['/a', '/a/', '/a//', '/a//b', '/a//b/'],
    )
  })

  it('on the parent domain, host-only in local mode, and at most MAX_ANCESTOR_PATHS per name', () => {
    const deep = `/${Array.from({ length: 30 }, (_, i) => `p${i}`).join('/')}`
    const removals = planAncestorPathRemovals(config, ['access_token', 'refresh_token'], deep)
    expect(removals).toHaveLength(2 * MAX_ANCESTOR_PATHS)
    expect(removals.every((r) => r.domain === '.example.com')).toBe(true)
    expect(
      planAncestorPathRemovals({ ...config, localMode: true }, ['access_token'], '/a')[0],
    ).toEqual({ name: 'access_token', path: '/a' })
  })
})
