import { describe, expect, it } from 'vitest'
import { rejection } from '../testSupport/rejection'
import { selectGoogleCookies } from './selectGoogleCookies'

const DEFAULT = ['access_token', 'refresh_token']

describe('selectGoogleCookies', () => {
  it('keeps the allowed names and lists the others, in the answer order', () => {
    expect(
      selectGoogleCookies(
        { tracking: 't', access_token: 'at', session_hint: 's', refresh_token: 'rt' },
        DEFAULT,
      ),
    ).toEqual({
      cookies: { access_token: 'at', refresh_token: 'rt' },
      ignoredNames: ['tracking', 'session_hint'],
    })
  })

  it('on a map of allowed names only: ignores nothing', () => {
    expect(selectGoogleCookies({ access_token: 'at' }, DEFAULT)).toEqual({
      cookies: { access_token: 'at' },
      ignoredNames: [],
    })
  })

  it('on a map with none of the allowed names: refuses the whole answer (google_failed, no_allowed_cookie)', async () => {
    const error = await rejection(
      (async () => selectGoogleCookies({ session_hint: 's', Access_Token: 'x' }, DEFAULT))(),
    )
    expect(error.code).toBe('google_failed')
    expect(error.details).toEqual({ status: 200, providerCode: 'no_allowed_cookie' })
  })
})
