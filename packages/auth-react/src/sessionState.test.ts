import { AuthError } from '@mapping-platform/auth-core/session'
import type { SessionSnapshot, SessionUser } from '@mapping-platform/auth-core/session'
import { describe, expect, it } from 'vitest'
import { rememberedView, SERVER_SNAPSHOT, sessionViewOf } from './sessionState'

const ada: SessionUser = { subject: 'ada@example.com', email: 'ada@example.com', name: null }
const claimsOf = (subject: string) => ({
  subject,
  email: null,
  expiresAt: 1,
  issuedAt: null,
  scopes: [],
})
const active = (user: SessionUser = ada): SessionSnapshot => ({
  status: 'signedIn',
  accessToken: `token of ${user.subject}`,
  claims: claimsOf(user.subject),
  expiresAt: 4_000_000_000,
  user,
})
const expired = (subject: string | null, refreshable = true): SessionSnapshot => ({
  status: 'expired',
  accessToken: subject === null ? null : `token of ${subject}`,
  refreshable,
  claims: subject === null ? null : claimsOf(subject),
  expiresAt: subject === null ? null : 1,
})

describe('the view a snapshot gives (sessionViewOf, rememberedView)', () => {
  it('the server snapshot and a fresh page: loading', () => {
    expect(sessionViewOf(SERVER_SNAPSHOT, null)).toEqual({
      status: 'loading',
      user: null,
      error: null,
    })
  })

  it('the same person in a new snapshot (a refresh): the very same view object', () => {
    const view = rememberedView()
    const first = view(active(), null)
    expect(view(active({ ...ada }), null)).toBe(first)
  })

  it('a change of name, email or person: a new view', () => {
    const view = rememberedView()
    const first = view(active(), null)
    for (const user of [
      { ...ada, name: 'Ada' },
      { ...ada, email: 'ada@other.example' },
      { ...ada, subject: 'grace@example.com' },
    ]) {
      const next = view(active(user), null)
      expect(next).not.toBe(first)
      expect(next).toMatchObject({ status: 'signedIn', user })
      view(active(), null)
    }
  })

  it('an expired token being refreshed: the person shown stays shown (same subject, or no access cookie left)', () => {
    const view = rememberedView()
    const shown = view(active(), null)
    expect(view(expired(ada.subject), null)).toBe(shown)
    expect(view(expired(null), null)).toBe(shown)
  })

  it('an expired token of someone else: loading (not the previous person)', () => {
    const view = rememberedView()
    view(active(), null)
    expect(view(expired('grace@example.com'), null)).toEqual({
      status: 'loading',
      user: null,
      error: null,
    })
  })

  it('nobody shown yet and an expired token: loading; without a refresh token: signed out; a failed refresh: its error', () => {
    const error = new AuthError('network_error', 'offline')
    expect(sessionViewOf(expired(ada.subject), null).status).toBe('loading')
    expect(sessionViewOf(expired(ada.subject, false), null).status).toBe('signedOut')
    expect(sessionViewOf(expired(ada.subject), error)).toEqual({
      status: 'error',
      user: null,
      error,
    })
  })

  it('two errors are the same view only when they are the same error', () => {
    const view = rememberedView()
    const first = view({ status: 'error', error: new AuthError('unknown_error', 'a') }, null)
    const second = view({ status: 'error', error: new AuthError('unknown_error', 'a') }, null)
    expect(second).not.toBe(first)
    expect(view({ status: 'signedOut' }, null)).toEqual({
      status: 'signedOut',
      user: null,
      error: null,
    })
    expect(view({ status: 'signingOut' }, null).status).toBe('signingOut')
  })

  it('the same error again (a new snapshot, e.g. another tab wrote the same damaged cookies): the very same view, so nothing re-renders', () => {
    const view = rememberedView()
    const error = new AuthError('unknown_error', 'damaged cookies')
    const first = view({ status: 'error', error }, null)
    expect(view({ status: 'error', error }, null)).toBe(first)
    const failure = new AuthError('network_error', 'offline')
    const failed = view(expired(ada.subject), failure)
    expect(view(expired(ada.subject), failure)).toBe(failed)
  })

  it('signed out twice, signing out twice, loading twice: the same view, no error', () => {
    const view = rememberedView()
    const out = view({ status: 'signedOut' }, null)
    expect(view({ status: 'signedOut' }, null)).toBe(out)
    const leaving = view({ status: 'signingOut' }, null)
    expect(view({ status: 'signingOut' }, null)).toBe(leaving)
    const loading = view(SERVER_SNAPSHOT, null)
    expect(view(SERVER_SNAPSHOT, null)).toBe(loading)
  })
})
