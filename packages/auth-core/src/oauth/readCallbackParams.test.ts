import { describe, expect, it } from 'vitest'
import { readCallbackParams } from './readCallbackParams'

const none = {
  code: null,
  idToken: null,
  state: null,
  error: null,
  errorDescription: null,
  duplicated: [],
}

describe('readCallbackParams', () => {
  it.each([
    [
      'the identity provider code return',
      '#code=abc&state=xyz',
      '',
      { source: 'fragment', raw: 'code=abc&state=xyz', code: 'abc', state: 'xyz' },
    ],
    [
      'a hash without its #',
      'code=abc&state=xyz',
      '',
      { source: 'fragment', raw: 'code=abc&state=xyz', code: 'abc', state: 'xyz' },
    ],
    [
      'an error return in the fragment',
      '#error=login_required&error_description=The+client+specified+not+to+prompt&state=s',
      '',
      {
        source: 'fragment',
        raw: 'error=login_required&error_description=The+client+specified+not+to+prompt&state=s',
        error: 'login_required',
        errorDescription: 'The client specified not to prompt',
        state: 's',
      },
    ],
    [
      'an id_token in the fragment',
      '#id_token=a.b.c&state=s',
      '',
      { source: 'fragment', raw: 'id_token=a.b.c&state=s', idToken: 'a.b.c', state: 's' },
    ],
    [
      'Google code return in the query',
      '',
      '?code=4%2F0Ab&state=g',
      { source: 'query', raw: 'code=4%2F0Ab&state=g', code: '4/0Ab', state: 'g' },
    ],
    ['a query without its ?', '', 'code=q', { source: 'query', raw: 'code=q', code: 'q' }],
    [
      'a # inside a hash given without its #: only a leading # is dropped',
      'error=access_denied&error_description=ticket #12&state=s',
      '',
      {
        source: 'fragment',
        raw: 'error=access_denied&error_description=ticket #12&state=s',
        error: 'access_denied',
        errorDescription: 'ticket #12',
        state: 's',
      },
    ],
    [
      'a ? inside a query given without its ?: only a leading ? is dropped',
      '',
      'error=access_denied&error_description=why?&state=g',
      {
        source: 'query',
        raw: 'error=access_denied&error_description=why?&state=g',
        error: 'access_denied',
        errorDescription: 'why?',
        state: 'g',
      },
    ],
    [
      'our own logout return with an error',
      '',
      '?error=unknown_error',
      { source: 'query', raw: 'error=unknown_error', error: 'unknown_error' },
    ],
    [
      'fragment wins over query',
      '#code=frag&state=f',
      '?code=query&state=q',
      { source: 'fragment', raw: 'code=frag&state=f', code: 'frag', state: 'f' },
    ],
    [
      'a step hash falls through to the query',
      '#sign-in',
      '?code=q',
      { source: 'query', raw: 'code=q', code: 'q' },
    ],
    [
      'an id_token in the query is not read',
      '',
      '?id_token=a.b.c&code=q',
      { source: 'query', raw: 'id_token=a.b.c&code=q', code: 'q' },
    ],
    [
      'an empty value stays an empty string',
      '#code=&state=s',
      '',
      { source: 'fragment', raw: 'code=&state=s', code: '', state: 's' },
    ],
    [
      'unknown parameters are ignored',
      '#code=c&state=s&iss=x&foo=bar',
      '',
      { source: 'fragment', raw: 'code=c&state=s&iss=x&foo=bar', code: 'c', state: 's' },
    ],
    [
      'duplicated state',
      '#code=x&state=a&state=a',
      '',
      {
        source: 'fragment',
        raw: 'code=x&state=a&state=a',
        code: 'x',
        state: 'a',
        duplicated: ['state'],
      },
    ],
    [
      'duplicated code',
      '#code=a&code=b&state=s',
      '',
      {
        source: 'fragment',
        raw: 'code=a&code=b&state=s',
        code: 'a',
        state: 's',
        duplicated: ['code'],
      },
    ],
    [
      'duplicated in the query',
      '',
      '?error=a&error=b',
      { source: 'query', raw: 'error=a&error=b', error: 'a', duplicated: ['error'] },
    ],
    [
      'an unknown duplicated name is not listed',
      '#code=c&foo=1&foo=2',
      '',
      { source: 'fragment', raw: 'code=c&foo=1&foo=2', code: 'c' },
    ],
  ])('%s', (_name, hash, search, expected) => {
    expect(readCallbackParams(hash, search)).toEqual({ ...none, ...expected })
  })

  it.each([
    ['both empty', '', ''],
    ['only # and ?', '#', '?'],
    ['the password step hash', '#sign-in', ''],
    ['unrelated parameters', '#foo=bar', '?utm_source=mail'],
    ['a name that only contains a callback name', '#mycode=1', '?codes=2'],
  ])('%s: null (not a callback)', (_name, hash, search) => {
    expect(readCallbackParams(hash, search)).toBeNull()
  })

  it('returns an HTML-looking error_description as the same plain text, neither decoded further nor escaped', () => {
    const callback = readCallbackParams(
      '#error=access_denied&error_description=<img src=x onerror=alert(1)>',
      '',
    )
    expect(callback?.error).toBe('access_denied')
    expect(callback?.errorDescription).toBe('<img src=x onerror=alert(1)>')
    const encoded = readCallbackParams(
      '#error=access_denied&error_description=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E',
      '',
    )
    expect(encoded?.errorDescription).toBe('<img src=x onerror=alert(1)>')
  })
})
