import { describe, expect, it } from 'vitest'
import {
  clampMaxAge,
  MAX_ACCESS_TOKEN_MAX_AGE_SECONDS,
  REFRESH_TOKEN_MAX_AGE_SECONDS,
} from './cookieLifetimes'

describe('cookie lifetimes', () => {
  it('refresh tokens live 7 days and provider lifetimes at most 1 day', () => {
    expect(REFRESH_TOKEN_MAX_AGE_SECONDS).toBe(604_800)
    expect(MAX_ACCESS_TOKEN_MAX_AGE_SECONDS).toBe(86_400)
  })

  it.each([
    [3600, 3600],
    [0, 1],
    [-1, 1],
    [0.5, 1],
    [3600.9, 3600],
    [1e12, 86_400],
    [Infinity, 86_400],
    [-Infinity, 1],
    [Number.NaN, null],
  ])('clampMaxAge(%d) is %s', (input, expected) => {
    expect(clampMaxAge(input)).toBe(expected)
  })
})
