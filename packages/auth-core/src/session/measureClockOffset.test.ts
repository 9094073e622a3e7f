import { describe, expect, it } from 'vitest'
import { measureClockOffset } from './measureClockOffset'
import { accessToken, NOW_S } from '../testSupport/sessionTestKit'

describe('measureClockOffset', () => {
  it('with expires_in: exp - expires_in against the receipt time (provider behind: negative)', () => {
    const token = accessToken({ iat: NOW_S - 999, exp: NOW_S + 300 })
    expect(measureClockOffset(token, 300, NOW_S * 1000 + 2500)).toBe(-2500)
  })

  it('with expires_in: a device two hours fast gives minus two hours', () => {
    const token = accessToken({ iat: NOW_S, exp: NOW_S + 3600 })
    expect(measureClockOffset(token, 3600, (NOW_S + 7200) * 1000)).toBe(-7200_000)
  })

  it('without expires_in (a token another tab wrote): its iat', () => {
    const token = accessToken({ iat: NOW_S + 60, exp: NOW_S + 3600 })
    expect(measureClockOffset(token, null, NOW_S * 1000)).toBe(60_000)
  })

  it('null without expires_in and iat, for a token that is not a JWT, and for none', () => {
    const token = accessToken({ iat: undefined, exp: NOW_S + 3600 })
    expect(measureClockOffset(token, null, NOW_S * 1000)).toBeNull()
    expect(measureClockOffset('not-a-jwt', 3600, NOW_S * 1000)).toBeNull()
    expect(measureClockOffset(null, 3600, NOW_S * 1000)).toBeNull()
  })
})
