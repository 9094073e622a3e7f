/** The catalogue's number, duration and countdown wording (English). */
import { describe, expect, it } from 'vitest'
import { formatCountdown, messages } from './messages'

describe('the catalogue’s parameterised texts', () => {
  it('words a remember-device lifetime in days, hours or minutes, whichever fits whole', () => {
    const { lifetime, forLifetime } = messages.rememberDevice
    expect(lifetime(10080)).toBe('7 days')
    expect(lifetime(1440)).toBe('1 day')
    expect(lifetime(720)).toBe('12 hours')
    expect(lifetime(90)).toBe('90 minutes')
    expect(forLifetime(lifetime(43200))).toBe('Don’t ask for a code on this device for 30 days')
  })

  it('writes a countdown as m:ss, rounding up so it never shows 0:00 early', () => {
    expect(formatCountdown(42)).toBe('0:42')
    expect(formatCountdown(65)).toBe('1:05')
    expect(formatCountdown(0.2)).toBe('0:01')
    expect(formatCountdown(-3)).toBe('0:00')
    expect(messages.rateLimit.retryIn(formatCountdown(42))).toBe('Try again in 0:42')
  })

  it('counts password rules in the singular and the plural', () => {
    const { rules } = messages.passwordExpired
    expect(rules.minLength(8)).toBe('At least 8 characters')
    expect(rules.minNumber(1)).toBe('At least 1 number')
    expect(rules.minSymbol(2)).toBe('At least 2 symbols')
  })
})
