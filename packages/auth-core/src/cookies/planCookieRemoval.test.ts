import { describe, expect, it } from 'vitest'
import { localTestConfig, testConfig } from '../testing/testConfig'
import { planCookieRemoval } from './planCookieRemoval'

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
