import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isCookieName, isCookieValue } from '../cookies/cookieRules'
import { AuthError } from '../errors/authError'
import { processGoogleAuthResponse } from './processGoogleAuthResponse'

const NULL_BODY_STATUSES = new Set([204, 205, 304])

const cookieName = fc.oneof(
  { arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/), weight: 4 },
  fc.string(),
)
const cookieValue = fc.oneof(
  { arbitrary: fc.stringMatching(/^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]{1,40}$/), weight: 4 },
  fc.string(),
  fc.jsonValue({ maxDepth: 1 }),
)
const cookieMap = fc.dictionary(cookieName, cookieValue, { maxKeys: 22 })
const errorBody = fc.record(
  {
    error: fc.oneof(fc.constant('not_found'), fc.string(), fc.jsonValue({ maxDepth: 1 })),
    code: fc.oneof(fc.constant('not_found'), fc.string()),
  },
  { requiredKeys: [] },
)
const body = fc.oneof(
  { arbitrary: cookieMap.map((map) => JSON.stringify(map)), weight: 4 },
  errorBody.map((value) => JSON.stringify(value)),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string(),
)
const httpStatus = fc.oneof(
  { arbitrary: fc.constant(200), weight: 3 },
  fc.integer({ min: 200, max: 599 }),
)

describe('processGoogleAuthResponse (properties)', () => {
  it('on any body and status 200..599: resolves to a valid cookie map or rejects with a Google AuthError', async () => {
    let resolved = 0
    await fc.assert(
      fc.asyncProperty(body, httpStatus, async (text, status) => {
        const response = new Response(NULL_BODY_STATUSES.has(status) ? null : text, { status })
        try {
          const map = await processGoogleAuthResponse(response)
          resolved += 1
          expect(status).toBe(200)
          const entries = Object.entries(map)
          expect(entries.length).toBeGreaterThanOrEqual(1)
          expect(entries.length).toBeLessThanOrEqual(20)
          for (const [name, value] of entries)
            expect(isCookieName(name) && isCookieValue(value, name)).toBe(true)
        } catch (error) {
          expect(error).toBeInstanceOf(AuthError)
          expect(['google_failed', 'google_not_found']).toContain((error as AuthError).code)
          expect((error as AuthError).details.status).toBe(status)
        }
      }),
      { numRuns: 500 },
    )
    expect(resolved).toBeGreaterThan(0)
  })
})
