import { describe, expect, it } from 'vitest'
import { refreshBackoffMs } from './refreshBackoffMs'

describe('refreshBackoffMs', () => {
  it('2 s doubling per failure, of which a random half: [step / 2, step)', () => {
    expect(refreshBackoffMs(1, 0)).toBe(1000)
    expect(refreshBackoffMs(1, 0.5)).toBe(1500)
    expect(refreshBackoffMs(2, 0)).toBe(2000)
    expect(refreshBackoffMs(3, 0.25)).toBe(4000 + 1000)
    expect(refreshBackoffMs(4, 0.999)).toBeCloseTo(8000 + 0.999 * 8000, 6)
  })

  it('at most 60 s before jitter, however many failures', () => {
    expect(refreshBackoffMs(6, 0)).toBe(30_000)
    expect(refreshBackoffMs(7, 0)).toBe(30_000)
    expect(refreshBackoffMs(50, 0.5)).toBe(45_000)
  })

  it('no failure counted yet reads as the first step', () => {
    expect(refreshBackoffMs(0, 0)).toBe(1000)
  })
})
