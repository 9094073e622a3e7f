import { describe, expect, it } from 'vitest'
import { createUnsignedJwt } from '../testSupport/jwt'
import { scrubBreadcrumb } from './scrubBreadcrumb'
import { scrubEvent } from './scrubEvent'
import { scrubText } from './scrubText'

const JWT = createUnsignedJwt({ sub: 'u', scp: ['openid'] })
const RUN = 'N2pP0_tHGkq-8yVQ3xk4ZJm6bXzA1cWdE5fRgTh7sLu'
const HEX_ID = 'c2d6d4d0b2f34d5aa0b0a0c1f4a1e9b7'

describe('scrubEvent: the identifier-key rule', () => {
  it.each([
    ['a JWT', JWT],
    ['an email address', 'jane.doe@mail.example.org'],
    ['a six-digit code', '482913'],
    ['a long base64url run', RUN],
  ])('scrubs %s that looks like an identifier under an ordinary key', (_label, value) => {
    const out = scrubEvent({ extra: { detail: value }, tags: { note: value } })
    expect(JSON.stringify(out)).not.toContain(value)
  })

  it.each([
    'event_id',
    'trace_id',
    'span_id',
    'parent_span_id',
    'replay_id',
    'profile_id',
    'debug_id',
    'release',
    'dist',
  ])('keeps the SDK identifier %s as it is', (key) => {
    expect(scrubEvent({ contexts: { trace: { [key]: HEX_ID } } })).toEqual({
      contexts: { trace: { [key]: HEX_ID } },
    })
  })

  it('scrubs a top-level string or list item, which has no key', () => {
    expect(scrubEvent(RUN)).toBe('[Filtered]')
    expect(scrubEvent({ list: [RUN] })).toEqual({ list: ['[Filtered]'] })
  })
})

describe('scrubEvent: structure', () => {
  it.each([
    'status_code',
    'http.response.status_code',
    'auth_error_code',
    'auth_provider_code',
    'code_file',
    'code_id',
  ])('keeps the structural key %s, named literally', (key) => {
    expect(scrubEvent({ contexts: { x: { [key]: 'E0000004' } } })).toEqual({
      contexts: { x: { [key]: 'E0000004' } },
    })
  })

  it('leaves the dropped request fields out of the copy rather than setting them to undefined', () => {
    const out = scrubEvent({
      request: {
        cookies: { sid: 'x' },
        data: 'password=x',
        query_string: 'code=1',
        headers: { Cookie: 'a=b', authorization: 'Bearer x', Referer: 'https://a.example/' },
      },
    })
    expect(out.request).toStrictEqual({ headers: {} })
  })

  it('keeps a request, headers or breadcrumbs that are null, and a string of headers', () => {
    expect(scrubEvent({ request: null, breadcrumbs: null })).toEqual({
      request: null,
      breadcrumbs: null,
    })
    expect(scrubEvent({ request: { headers: null } })).toEqual({ request: { headers: null } })
    expect(scrubEvent({ request: { headers: 'Accept: */*' } })).toEqual({
      request: { headers: 'Accept: */*' },
    })
  })

  it('cuts a request URL with user info to origin and path', () => {
    expect(scrubEvent({ request: { url: 'https://pat:pw@signin.example.com/cb' } })).toEqual({
      request: { url: 'https://signin.example.com/cb' },
    })
  })

  it('removes string secrets and ignores the other entries of a mixed secrets list', () => {
    expect(
      scrubEvent({ message: 'abc 1' }, { secrets: [1, 'abc'] as unknown as string[] }),
    ).toEqual({ message: '[Filtered] 1' })
  })

  it('replaces a cycle back to the event itself at its first repeat', () => {
    const event: Record<string, unknown> = { message: 'm' }
    event['extra'] = { event }
    expect(scrubEvent(event)).toEqual({ message: 'm', extra: { event: '[Filtered]' } })
  })

  it('replaces lists nested deeper than 20 levels with [Filtered]', () => {
    const nest = (levels: number): unknown => (levels === 0 ? 'leaf' : [nest(levels - 1)])
    expect(JSON.stringify(scrubEvent({ n: nest(40) }))).not.toContain('leaf')
    expect(scrubEvent({ n: nest(19) })).toEqual({ n: nest(19) })
  })

  it('copies an Error with its stack', () => {
    const error = new Error('boom')
    const out = scrubEvent({ extra: { error } }) as unknown as {
      extra: { error: Record<string, unknown> }
    }
    expect(Object.keys(out.extra.error)).toEqual(['name', 'message', 'stack'])
    expect(String(out.extra.error['stack'])).toContain('boom')
  })

  it('writes plain data properties that later processors can change', () => {
    const out = scrubEvent({ extra: { a: 1 } }) as { extra: Record<string, unknown> }
    expect(Object.getOwnPropertyDescriptor(out, 'extra')).toEqual({
      value: out.extra,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  })
})

describe('scrubBreadcrumb: structure', () => {
  it('keeps a null breadcrumb and null data', () => {
    expect(scrubBreadcrumb(null)).toBeNull()
    expect(scrubBreadcrumb({ category: 'fetch', data: null })).toEqual({
      category: 'fetch',
      data: null,
    })
  })

  it('leaves bodies out of the copy rather than setting them to undefined', () => {
    expect(
      scrubBreadcrumb({
        category: 'fetch',
        data: { method: 'POST', body: 'x', request_body: 'x', response_body: 'x' },
      }),
    ).toStrictEqual({ category: 'fetch', data: { method: 'POST' } })
  })
})

describe('scrubText: edges of the patterns', () => {
  it('cuts the query of a plain-http URL and keeps the text after it', () => {
    expect(scrubText('see http://a.example/cb?code=abc then retry', [])).toBe(
      'see http://a.example/cb then retry',
    )
  })

  it('removes a bearer value after several spaces', () => {
    expect(scrubText('Authorization: Bearer    abc.def', [])).not.toContain('abc.def')
  })
})
