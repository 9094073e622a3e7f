import { describe, expect, it } from 'vitest'
import { scrubBreadcrumb } from './scrubBreadcrumb'

const SESSION_TOKEN = '20111h0ZlxjyI7b8AAvsRvpo-Zx81'

describe('scrubBreadcrumb', () => {
  it('on the navigation breadcrumb that clearing the fragment creates: from is cut to the path', () => {
    expect(
      scrubBreadcrumb({ category: 'navigation', data: { from: '/#code=abc&state=xyz', to: '/' } }),
    ).toEqual({ category: 'navigation', data: { from: '/', to: '/' } })
  })

  it.each([
    ['/callback#code=abc&state=xyz', '/callback'],
    ['/#sign-in', '/'],
    ['https://signin.example.com/?error=access_denied&state=s', 'https://signin.example.com/'],
  ])('on navigation: %s → %s (from and to)', (url, expected) => {
    expect(scrubBreadcrumb({ category: 'navigation', data: { from: url, to: url } })).toEqual({
      category: 'navigation',
      data: { from: expected, to: expected },
    })
  })

  it.each(['fetch', 'xhr'])(
    'on %s: removes the query of data.url and any body, keeps method and status',
    (category) => {
      const breadcrumb = {
        category,
        type: 'http',
        level: 'info',
        timestamp: 1720000000.5,
        data: {
          method: 'GET',
          url: `https://okta.example.com/oauth2/default/v1/authorize?sessionToken=${SESSION_TOKEN}&state=s`,
          status_code: 302,
          request_body_size: 0,
          body: `{"password":"hunter2"}`,
          request_body: 'code=QnowT',
          response_body: '{"access_token":"x"}',
          request: { body: 'x' },
          response: { body: 'y' },
        },
      }
      expect(scrubBreadcrumb(breadcrumb)).toEqual({
        category,
        type: 'http',
        level: 'info',
        timestamp: 1720000000.5,
        data: {
          method: 'GET',
          url: 'https://okta.example.com/oauth2/default/v1/authorize',
          status_code: 302,
          request_body_size: 0,
        },
      })
    },
  )

  it.each(['log', 'warning', 'error'])('drops console breadcrumbs (level %s)', (level) => {
    expect(
      scrubBreadcrumb({ category: 'console', level, message: `sessionToken ${SESSION_TOKEN}` }),
    ).toBeNull()
  })

  it('scrubs the message and sensitive data keys of any other breadcrumb', () => {
    expect(
      scrubBreadcrumb({
        category: 'auth',
        message: 'exchanged code=QnowT at https://okta.example.com/v1/token?x=1 for eyJa.eyJb.c',
        data: { stateToken: '00abc', step: 'password', href: '/cb?state=s' },
      }),
    ).toEqual({
      category: 'auth',
      message: 'exchanged code=[Filtered] at https://okta.example.com/v1/token for [Filtered]',
      data: { stateToken: '[Filtered]', step: 'password', href: '/cb' },
    })
  })

  it('keeps a ui breadcrumb that names an element', () => {
    const breadcrumb = { category: 'ui.click', message: 'form > input#password[name="password"]' }
    expect(scrubBreadcrumb(breadcrumb)).toEqual(breadcrumb)
  })

  it('handles unusual shapes: no data, data as a string, a non-string url, a non-object', () => {
    expect(scrubBreadcrumb({ message: 'hello' })).toEqual({ message: 'hello' })
    expect(scrubBreadcrumb({ category: 'x', data: '/cb?code=1' })).toEqual({
      category: 'x',
      data: '/cb',
    })
    expect(scrubBreadcrumb({ category: 'fetch', data: { url: { href: '/cb?code=1' } } })).toEqual({
      category: 'fetch',
      data: { url: { href: '/cb' } },
    })
    expect(scrubBreadcrumb('/cb?code=1')).toBe('/cb')
    expect(scrubBreadcrumb(['a'])).toEqual(['a'])
  })

  it('does not change its input', () => {
    const breadcrumb = { category: 'navigation', data: { from: '/#code=abc', to: '/' } }
    const before = structuredClone(breadcrumb)
    scrubBreadcrumb(breadcrumb)
    expect(breadcrumb).toEqual(before)
  })
})
