import { decodeAccessTokenClaims } from '@mapping-platform/auth-core/session'
import type { SessionEvent } from '@mapping-platform/auth-core/session'
import { describe, expect, it } from 'vitest'
import { createStubSession, STUB_USER } from './createStubSession'

describe('createStubSession', () => {
  it('signed in by default as STUB_USER: its snapshot, its user and a token naming it', async () => {
    const session = createStubSession()
    const snapshot = session.getSnapshot()
    expect(session.readSession()).toBe(snapshot)
    expect(snapshot).toMatchObject({ status: 'signedIn', user: STUB_USER })
    expect(await session.getUser()).toEqual(STUB_USER)
    const token = await session.getAccessToken({ forceRefresh: true })
    expect(decodeAccessTokenClaims(token ?? '')).toMatchObject({
      subject: STUB_USER.subject,
      email: STUB_USER.email,
    })
    expect(session.tokenRequests).toEqual([{ forceRefresh: true }])
  })

  it('signed out: no token, no user', async () => {
    const session = createStubSession({ signedIn: false })
    expect(session.getSnapshot()).toEqual({ status: 'signedOut' })
    expect(await session.getAccessToken()).toBeNull()
    expect(await session.getUser()).toBeNull()
  })

  it('signIn, endSession and signOut tell each subscriber, until it unsubscribes', async () => {
    const session = createStubSession({ signedIn: false })
    const heard: SessionEvent[] = []
    const stop = session.subscribe((event) => heard.push(event))
    session.signIn({ name: 'Grace' })
    session.endSession()
    await session.signOut({ returnTo: 'https://citystream.example.com/bye' })
    stop()
    session.signIn()
    expect(heard.map((event) => [event.type, event.snapshot.status])).toEqual([
      ['changedElsewhere', 'signedIn'],
      ['signedOut', 'signedOut'],
      ['signedOut', 'signingOut'],
    ])
    expect(heard[0]?.snapshot).toMatchObject({ user: { ...STUB_USER, name: 'Grace' } })
    expect(session.signOuts).toEqual([{ returnTo: 'https://citystream.example.com/bye' }])
  })

  it('redirectToSignIn is recorded (returnPath null without one), and ignored while signing out', async () => {
    const session = createStubSession()
    session.redirectToSignIn('citystream')
    session.redirectToSignIn('citystream', { returnPath: '/maps/1' })
    await session.signOut({ returnTo: 'https://citystream.example.com/' })
    session.redirectToSignIn('roads')
    expect(session.redirects).toEqual([
      { subSite: 'citystream', returnPath: null },
      { subSite: 'citystream', returnPath: '/maps/1' },
    ])
  })

  it('the token’s header is a JWT’s, as an API stub reading it first (e.g. jose’s decodeProtectedHeader) expects: RS256, typ JWT, a key id', async () => {
    const token = (await createStubSession().getAccessToken()) ?? ''
    const header: unknown = JSON.parse(
      Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8'),
    )
    expect(header).toEqual({ alg: 'RS256', typ: 'JWT', kid: 'test' })
  })

  it.each(['a', 'ab', 'abc', '>>>???>>>???~~~', 'ÿÿÿ¿¿¿'])(
    'the token is base64url without padding whatever the claims (name %j)',
    async (subject) => {
      const session = createStubSession({ user: { subject, email: `${subject}@example.com` } })
      const token = (await session.getAccessToken()) ?? ''
      expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
      expect(decodeAccessTokenClaims(token)).toMatchObject({
        subject,
        email: `${subject}@example.com`,
      })
    },
  )
})
