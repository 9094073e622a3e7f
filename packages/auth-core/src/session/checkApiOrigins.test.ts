import { describe, expect, it } from 'vitest'
import { AuthError } from '../errors/authError'
import { checkApiOrigins } from './checkApiOrigins'

function refusal(apiOrigins: unknown, localMode: boolean): AuthError {
  try {
    checkApiOrigins(apiOrigins, localMode)
  } catch (error) {
    if (error instanceof AuthError) return error
    throw error
  }
  throw new Error(`accepted ${JSON.stringify(apiOrigins)}`)
}

describe('checkApiOrigins', () => {
  it('returns the origins it accepts', () => {
    expect([
      ...checkApiOrigins(['https://api.example.com', 'http://localhost:3000'], true),
    ]).toEqual(['https://api.example.com', 'http://localhost:3000'])
  })

  it('names every refused entry, and what it expected, in one sentence each', () => {
    const error = refusal(['https://api.example.com/', 'https://tiles.example.com', 7], false)
    expect(error.code).toBe('configuration_error')
    expect(error.message).toBe(
      'apiOrigins[0] "https://api.example.com/" is not an https:// origin as new URL(url).origin writes it. ' +
        'apiOrigins[2] 7 is not an https:// origin as new URL(url).origin writes it.',
    )
  })

  it('in local mode says http://localhost is taken too', () => {
    expect(refusal(['http://intranet:8080'], true).message).toBe(
      'apiOrigins[0] "http://intranet:8080" is not an https:// (or http://localhost) origin as new URL(url).origin writes it.',
    )
  })
})
