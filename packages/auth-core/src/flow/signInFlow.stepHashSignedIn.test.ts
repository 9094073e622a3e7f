/**
 * A step hash over a live session still asks: `/#sign-in` (or any step
 * hash) while the cookies hold a live session shows the "already signed in" question, at the
 * root address, never a step that would sign a second person in over the first one's cookies.
 */
import { describe, expect, it } from 'vitest'
import { STATE_TOKEN, page, run } from '../testSupport/flowHarness'
import { STEP_HASHES } from './signInFlow.types'

const LIVE = { status: 'live', who: 'pat@example.com' } as const

describe('signInFlow: a step hash over a live session', () => {
  it.each(Object.values(STEP_HASHES).filter((hash) => hash !== ''))(
    '%s with a valid email and a live session: asks, at the root address',
    (hash) => {
      const { state, effects } = run([
        {
          type: 'pageLoaded',
          page: page({
            hash,
            historyEmail: 'bob@example.com',
            session: LIVE,
            stored: { stateToken: STATE_TOKEN },
          }),
        },
      ])
      expect(state).toMatchObject({ step: 'signedIn', target: 'https://citystream.example.com/' })
      expect(effects).toContainEqual({
        type: 'setLocation',
        hash: '',
        email: null,
        mode: 'replace',
      })
      expect(effects.some((effect) => effect.type === 'callAuthn')).toBe(false)
      expect(effects).toContainEqual({ type: 'forget', item: 'stateToken' })
    },
  )

  it('an unknown hash, or a step hash without an email, over a live session: asks too', () => {
    for (const hash of ['#nowhere', STEP_HASHES.password])
      expect(
        run([{ type: 'pageLoaded', page: page({ hash, session: LIVE }) }]).state,
      ).toMatchObject({ step: 'signedIn' })
  })

  it('without a live session: the step hashes as before', () => {
    expect(
      run([
        {
          type: 'pageLoaded',
          page: page({
            hash: '#sign-in',
            historyEmail: 'bob@example.com',
            session: { status: 'none' },
          }),
        },
      ]).state,
    ).toMatchObject({ step: 'password', email: 'bob@example.com' })
  })
})
