/**
 * Deep links (`post_login_path`): kept across the identity provider's logout, followed once, and
 * forgotten when they are not valid or not followed at once.
 */
import { describe, expect, it } from 'vitest'
import { NOW, page, run } from '../testSupport/flowHarness'
import { CALLBACK_HASH, LIVE, OKTA_STORED, TOKENS } from '../testSupport/flowSteps'
import { localTestConfig } from '../testSupport/testConfig'
import { RETURN_TO_MAX_AGE_MS, serializeReturnTo } from './returnTo'
import type { SignInEffect } from './signInFlow.types'

const DEEP = 'https://roads.example.com/projects/42?tab=map'

/** Signs in through the identity provider's callback with these cookies; the last effects. */
function signInWith(postLoginRedirect: string | null, postLoginPath: string | null) {
  const callback = run([
    {
      type: 'pageLoaded',
      page: page({ hash: CALLBACK_HASH, stored: OKTA_STORED, postLoginRedirect, postLoginPath }),
    },
  ]).state
  return run([{ type: 'tokensReceived', tokens: TOKENS, now: NOW }], { from: callback }).last
}

const navigation = (effects: readonly SignInEffect[]) => {
  const last = effects.at(-1)
  return last?.type === 'finishSignIn' ? new URL(last.url) : null
}

describe('signInFlow: deep links (post_login_path)', () => {
  it('identity provider: a valid path makes the logout return to this page, which keeps the target', () => {
    const last = signInWith('roads', '/projects/42?tab=map')
    const logout = navigation(last)
    expect(logout?.pathname).toBe('/oauth2/default/v1/logout')
    // Only registered URIs: the sign-in page's own root, never the deep link.
    expect(logout?.searchParams.get('post_logout_redirect_uri')).toBe('https://signin.example.com/')
    expect(last).toContainEqual({
      type: 'persist',
      item: 'returnTo',
      value: serializeReturnTo(DEEP, NOW),
    })
    const names = last.flatMap((effect) => (effect.type === 'removeCookie' ? [effect.cookie] : []))
    expect(names).toEqual([
      { name: 'post_login_redirect', domain: '.example.com', path: '/' },
      { name: 'post_login_path', domain: '.example.com', path: '/' },
    ])
  })

  it('identity provider, storage refuses the deep link: on to the sub-site root without it, reported as a warning', () => {
    const callback = run([
      {
        type: 'pageLoaded',
        page: page({
          hash: CALLBACK_HASH,
          stored: OKTA_STORED,
          postLoginRedirect: 'roads',
          postLoginPath: '/projects/42?tab=map',
        }),
      },
    ]).state
    const signedIn = run([{ type: 'tokensReceived', tokens: TOKENS, now: NOW }], { from: callback })
    const planned = signedIn.last.find((effect) => effect.type === 'finishSignIn')
    // The shell stopped the transition at the refused persist and said so.
    const { state, last } = run([{ type: 'storageFailed' }], { from: signedIn.state })
    expect(state.step).toBe('done')
    expect(last.filter((effect) => effect.type === 'reportDeepLinkDropped')).toHaveLength(1)
    expect(last.some((effect) => effect.type === 'persist')).toBe(false)
    const finish = last.at(-1)
    expect(finish?.type).toBe('finishSignIn')
    if (finish?.type !== 'finishSignIn' || planned?.type !== 'finishSignIn') return
    // The same tokens, a logout that returns straight to the sub-site's registered root.
    expect(finish.cookies).toEqual(planned.cookies)
    const logout = new URL(finish.url)
    expect(logout.searchParams.get('post_logout_redirect_uri')).toBe('https://roads.example.com/')
    expect(logout.searchParams.get('id_token_hint')).toBe(TOKENS.idToken)
    // Said once: a second refusal (there is none to make) changes nothing.
    expect(run([{ type: 'storageFailed' }], { from: state }).last).toEqual([])
  })

  it.each([
    ['an invalid path', 'roads', '//evil.com', 'https://roads.example.com/'],
    ['a tab', 'roads', '/\t/evil.com', 'https://roads.example.com/'],
    ['no named sub-site', null, '/projects/42', 'https://citystream.example.com/'],
    ['a refused sub-site', 'evil.com', '/projects/42', 'https://citystream.example.com/'],
    ['no path', 'roads', null, 'https://roads.example.com/'],
  ])(
    'identity provider with %s: straight to the root, nothing kept, both cookies cleared',
    (_title, redirect, path, root) => {
      const last = signInWith(redirect, path)
      expect(navigation(last)?.searchParams.get('post_logout_redirect_uri')).toBe(root)
      expect(last.some((effect) => effect.type === 'persist')).toBe(false)
      expect(
        last.filter((effect) => effect.type === 'removeCookie').map((e) => e.cookie.name),
      ).toEqual(['post_login_redirect', 'post_login_path'])
    },
  )

  it('identity provider without an ID token: straight to the deep link (no logout), nothing kept', () => {
    const callback = run([
      {
        type: 'pageLoaded',
        page: page({
          hash: CALLBACK_HASH,
          stored: OKTA_STORED,
          postLoginRedirect: 'roads',
          postLoginPath: '/projects/42?tab=map',
        }),
      },
    ]).state
    const { last } = run(
      [{ type: 'tokensReceived', tokens: { ...TOKENS, idToken: null }, now: NOW }],
      { from: callback },
    )
    expect(navigation(last)?.href).toBe(DEEP)
    expect(last.some((effect) => effect.type === 'persist')).toBe(false)
  })

  it('back from the logout with a live session: on to the kept target, once', () => {
    const stored = { returnTo: serializeReturnTo(DEEP, NOW - 5000) }
    const { state, effects } = run([{ type: 'pageLoaded', page: page({ stored, session: LIVE }) }])
    expect(state).toMatchObject({ step: 'done' })
    expect(effects).toContainEqual({ type: 'forget', item: 'returnTo' })
    expect(effects.filter((effect) => effect.type === 'navigate')).toEqual([
      { type: 'navigate', url: DEEP, mode: 'replace' },
    ])
  })

  it.each([
    ['stale', serializeReturnTo(DEEP, NOW - RETURN_TO_MAX_AGE_MS - 1), LIVE],
    ['dated ahead', serializeReturnTo(DEEP, NOW + 61_000), LIVE],
    ['without a session', serializeReturnTo(DEEP, NOW), { status: 'none' }],
    ['off the platform', serializeReturnTo('https://evil.com/a', NOW), LIVE],
    ['a look-alike host', serializeReturnTo('https://evilexample.com/', NOW), LIVE],
    ['plain http', serializeReturnTo('http://roads.example.com/a', NOW), LIVE],
    ['with a user', serializeReturnTo('https://u@roads.example.com/a', NOW), LIVE],
    ['with a port', serializeReturnTo('https://roads.example.com:8443/a', NOW), LIVE],
    ['without a date', DEEP, LIVE],
    ['with a date that is no number', `soon ${DEEP}`, LIVE],
    ['empty', '', LIVE],
    ['not a URL', serializeReturnTo('roads', NOW), LIVE],
  ] as const)('a kept target that is %s: forgotten, never followed', (_title, raw, session) => {
    const { state, effects } = run([
      { type: 'pageLoaded', page: page({ stored: { returnTo: raw }, session }) },
    ])
    expect(state.step).not.toBe('done')
    expect(effects).toContainEqual({ type: 'forget', item: 'returnTo' })
    expect(effects.some((effect) => effect.type === 'navigate')).toBe(false)
  })

  it('a kept target on any other load (a callback, a step hash) is forgotten too', () => {
    const returnTo = serializeReturnTo(DEEP, NOW)
    for (const hash of [CALLBACK_HASH, '#sign-in'])
      expect(
        run([
          {
            type: 'pageLoaded',
            page: page({
              hash,
              stored: { ...OKTA_STORED, returnTo },
              historyEmail: 'pat@example.com',
            }),
          },
        ]).effects,
      ).toContainEqual({ type: 'forget', item: 'returnTo' })
  })

  it('local mode: the kept target on http://localhost:3000 is followed', () => {
    const url = 'http://localhost:3000/projects/42'
    const stored = { returnTo: serializeReturnTo(url, NOW) }
    const { effects } = run([{ type: 'pageLoaded', page: page({ stored, session: LIVE }) }], {
      config: localTestConfig(),
    })
    expect(effects).toContainEqual({ type: 'navigate', url, mode: 'replace' })
  })
})
