/**
 * Rate limits (E0000047) counted down by clock ticks, on the steps that wait (`rateLimitWait.ts`).
 */
import { describe, expect, it } from 'vitest'
import {
  MFA_REQUIRED,
  NOW,
  page,
  run,
  signIn,
  toPassword,
  typeCode,
} from '../../testSupport/flowHarness'
import { tickWait } from './rateLimitWait'

describe('rate limits (E0000047) counted down by clock ticks', () => {
  const limited = (rateLimitReset?: number) =>
    run([
      ...toPassword(),
      { type: 'passwordSubmitted', password: 'hunter22' },
      {
        type: 'authnCallFailed',
        call: 'primary',
        error: 'rate_limited',
        ...(rateLimitReset === undefined ? {} : { rateLimitReset }),
      },
    ])

  it('stays on the password step, starts the clock, and sends nothing until the reset', () => {
    const { state, last } = limited(NOW / 1000 + 42)
    expect(state).toMatchObject({
      step: 'password',
      error: 'rate_limited',
      retry: { until: NOW + 42_000, secondsLeft: null },
    })
    expect(last).toContainEqual({ type: 'startClock' })
    const ticked = run(
      [
        { type: 'clockTicked', now: NOW },
        { type: 'passwordSubmitted', password: 'hunter22' },
      ],
      { from: state },
    )
    expect(ticked.state).toMatchObject({ retry: { secondsLeft: 42 } })
    expect(ticked.effects.some((effect) => effect.type === 'callAuthn')).toBe(false)
  })

  it('counts down in whole seconds and ends at the reset: clock stopped, error gone, sending allowed', () => {
    const { state } = limited(NOW / 1000 + 2)
    const mid = run(
      [
        { type: 'clockTicked', now: NOW },
        { type: 'clockTicked', now: NOW + 1_100 },
      ],
      {
        from: state,
      },
    )
    expect(mid.state).toMatchObject({ retry: { secondsLeft: 1 } })
    const over = run([{ type: 'clockTicked', now: NOW + 2_000 }], { from: mid.state })
    expect(over.state).toMatchObject({ retry: null, error: null })
    expect(over.last).toEqual([{ type: 'stopClock' }])
    expect(
      run([{ type: 'passwordSubmitted', password: 'hunter22' }], { from: over.state }).last,
    ).toContainEqual(expect.objectContaining({ type: 'callAuthn' }))
  })

  it('without X-Rate-Limit-Reset: 60 s from the first tick; an absurd reset is capped at 10 minutes', () => {
    const fallback = run([{ type: 'clockTicked', now: NOW }], { from: limited().state }).state
    expect(fallback).toMatchObject({ retry: { until: NOW + 60_000, secondsLeft: 60 } })
    const capped = run([{ type: 'clockTicked', now: NOW }], {
      from: limited(NOW / 1000 + 86_400).state,
    }).state
    expect(capped).toMatchObject({ retry: { until: NOW + 600_000, secondsLeft: 600 } })
  })

  it('a tick within the same second changes nothing (no re-render)', () => {
    const first = run([{ type: 'clockTicked', now: NOW }], { from: limited(NOW / 1000 + 30).state })
    const again = run([{ type: 'clockTicked', now: NOW + 300 }], { from: first.state })
    expect(again.state).toBe(first.state)
    expect(again.last).toEqual([])
  })

  it('on the code step: verify waits too, the six digits are kept and do not auto-submit', () => {
    const code = run(signIn(MFA_REQUIRED)).state
    const { state } = run(
      [
        typeCode('123456'),
        {
          type: 'authnCallFailed',
          call: 'verify',
          error: 'rate_limited',
          rateLimitReset: NOW / 1000 + 5,
        },
        { type: 'clockTicked', now: NOW },
        { type: 'codeSubmitted' },
      ],
      { from: code },
    )
    expect(state).toMatchObject({ step: 'code', error: 'rate_limited', verifying: false })
    if (state.step !== 'code') throw new Error('unreachable')
    expect(state.code.digits.join('')).toBe('123456')
    const after = run([{ type: 'clockTicked', now: NOW + 5_000 }, { type: 'codeSubmitted' }], {
      from: state,
    })
    expect(after.effects).toContainEqual(expect.objectContaining({ type: 'callAuthn' }))
  })

  it('a tick in a step with no wait stops the clock (the wait’s step was left)', () => {
    const email = run([{ type: 'pageLoaded', page: page() }]).state
    expect(run([{ type: 'clockTicked', now: NOW }], { from: email }).last).toEqual([
      { type: 'stopClock' },
    ])
  })
})

describe('rate-limit wait: the ticks', () => {
  it('a tick with no wait running stops the clock and changes nothing', () => {
    for (const state of [{ error: null }, { error: null, retry: null }]) {
      const [next, effects] = tickWait(state, NOW)
      expect(next).toBe(state)
      expect(effects).toEqual([{ type: 'stopClock' }])
    }
  })

  it('a tick that counts a second down asks for nothing', () => {
    const [first, none] = tickWait(
      { error: 'rate_limited', retry: { until: NOW + 3_000, secondsLeft: null } },
      NOW,
    )
    expect(first).toEqual({
      error: 'rate_limited',
      retry: { until: NOW + 3_000, secondsLeft: 3 },
    })
    expect(none).toEqual([])
    const [second, effects] = tickWait(first, NOW + 1_000)
    expect(second.retry).toEqual({ until: NOW + 3_000, secondsLeft: 2 })
    expect(effects).toEqual([])
  })
})
