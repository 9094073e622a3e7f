import { describe, expect, it, vi } from 'vitest'
import {
  REFRESH_TOKEN_MAX_AGE_SECONDS,
  planApiCookies,
  planCookieRemoval,
  planTokenCookies,
} from '@mapping-platform/auth-core'
import { testAuthConfig } from '../testing/harness'
import { createCookieJar } from './cookies'

/** Every string the page assigns to `document.cookie`. */
function spyCookieWrites(): string[] {
  const writes: string[] = []
  let owner: object | null = document
  while (owner && !Object.getOwnPropertyDescriptor(owner, 'cookie'))
    owner = Object.getPrototypeOf(owner) as object | null
  const descriptor = owner && Object.getOwnPropertyDescriptor(owner, 'cookie')
  if (!owner || !descriptor?.set) throw new Error('document.cookie has no setter')
  const set = descriptor.set
  vi.spyOn(owner as { cookie: string }, 'cookie', 'set').mockImplementation(function (
    this: Document,
    value: string,
  ) {
    writes.push(value)
    set.call(this, value)
  })
  return writes
}

describe('createCookieJar', () => {
  it('writes the token cookies with the contract attributes, values byte for byte', () => {
    const writes = spyCookieWrites()
    const cookies = planTokenCookies(testAuthConfig(), {
      accessToken: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln-_',
      tokenType: 'Bearer',
      expiresIn: 3600,
      refreshToken: 'rt.0123%~!',
      idToken: null,
      scope: null,
    })
    const jar = createCookieJar()
    for (const cookie of cookies) jar.set(cookie)
    expect(writes).toEqual([
      'access_token=eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln-_; Domain=.example.com; Path=/; Max-Age=3600; Secure; SameSite=Lax',
      `refresh_token=rt.0123%~!; Domain=.example.com; Path=/; Max-Age=${REFRESH_TOKEN_MAX_AGE_SECONDS}; Secure; SameSite=Lax`,
    ])
    expect(document.cookie).toContain('access_token=eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln-_')
    expect(jar.get('refresh_token')).toBe('rt.0123%~!')
  })

  it('writes host-only cookies in local mode and session cookies without a lifetime', () => {
    const writes = spyCookieWrites()
    const [cookie] = planApiCookies(
      testAuthConfig({ ...localEnv() }),
      { session_hint: 'abc' },
      Math.floor(Date.now() / 1000),
    )
    if (!cookie) throw new Error('no cookie planned')
    createCookieJar().set(cookie)
    expect(writes).toEqual(['session_hint=abc; Path=/; Secure; SameSite=Lax'])
  })

  it('removes a cookie with the domain and path it was written with', () => {
    document.cookie = 'post_login_redirect=maps; domain=.example.com; path=/; secure'
    const writes = spyCookieWrites()
    const jar = createCookieJar()
    expect(jar.get('post_login_redirect')).toBe('maps')
    jar.remove(planCookieRemoval(testAuthConfig(), 'post_login_redirect'))
    expect(writes).toEqual([
      'post_login_redirect=; Domain=.example.com; Path=/; Max-Age=0; Secure; SameSite=Lax',
    ])
    // No value is left (happy-dom keeps a cookie expired by Max-Age=0 as an empty one; browsers
    // drop it).
    expect(jar.get('post_login_redirect') ?? '').toBe('')
  })

  it('reads values verbatim with any "=", odd names skipped; a duplicated name is neither value (the contract)', () => {
    const header = vi.spyOn(document, 'cookie', 'get')
    header.mockReturnValue('%E0%A4%A=x; hint=a=b%20c; access_token=first; access_token=second')
    const jar = createCookieJar()
    expect(jar.get('access_token')).toBeUndefined()
    expect(jar.getAll('access_token')).toEqual(['first', 'second'])
    expect(jar.get('hint')).toBe('a=b%20c')
    expect(jar.get('absent')).toBeUndefined()
    header.mockReturnValue('')
    expect(jar.get('access_token')).toBeUndefined()
    header.mockRestore()
  })

  it.each(['post_login_redirect', 'post_login_path'])(
    'a duplicated %s (a copy tossed in by a sibling sub-domain): neither value',
    (name) => {
      const header = vi.spyOn(document, 'cookie', 'get')
      header.mockReturnValue(`${name}=evil; locale=de; ${name}=maps`)
      expect(createCookieJar().get(name)).toBeUndefined()
      header.mockReturnValue(`locale=de; ${name}=maps`)
      expect(createCookieJar().get(name)).toBe('maps')
      header.mockRestore()
    },
  )
})

function localEnv(): Record<string, string> {
  return {
    VITE_OKTA_ORG_URL: 'http://localhost:4010',
    VITE_OKTA_AUTH_SERVER_ID: 'default',
    VITE_OKTA_CLIENT_ID: '0oadevsignin',
    VITE_PARENT_DOMAIN: '.localhost',
    VITE_AUTH_API_URL: 'http://localhost:4012',
    VITE_GOOGLE_CLIENT_ID: 'dev-google-client.apps.googleusercontent.com',
    VITE_LOCAL_MODE: 'true',
  }
}
