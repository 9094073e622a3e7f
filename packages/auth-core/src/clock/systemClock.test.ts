import { describe, expect, it, vi } from 'vitest'
import { systemClock } from './systemClock'

describe('systemClock', () => {
  it('returns the current epoch milliseconds', () => {
    vi.useFakeTimers({ now: 1_900_000_000_000 })
    try {
      expect(systemClock()).toBe(1_900_000_000_000)
    } finally {
      vi.useRealTimers()
    }
  })
})
