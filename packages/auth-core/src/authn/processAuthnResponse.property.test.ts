import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AuthError, isAuthErrorCode } from '../errors/authError'
import { SHARED_FIXTURES } from '../testSupport/sharedFixtures'
import { testConfig } from '../testSupport/testConfig'
import type { AuthnTransaction } from './authn.types'
import { processAuthnResponse } from './processAuthnResponse'

const ORG = 'https://login.example.com'
const config = testConfig({ oktaOrgUrl: ORG })
const NULL_BODY_STATUSES = new Set([204, 205, 304])

/* --- Arbitraries shaped like Okta bodies, so the deep branches are reached --- */

const anything = fc.jsonValue({ maxDepth: 2 })
/** Mostly well-formed, sometimes any JSON value. */
const maybe = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: arb, weight: 5 }, { arbitrary: anything, weight: 1 })
const status = fc.constantFrom(
  'SUCCESS',
  'MFA_REQUIRED',
  'MFA_ENROLL',
  'MFA_ENROLL_ACTIVATE',
  'MFA_CHALLENGE',
  'LOCKED_OUT',
  'PASSWORD_EXPIRED',
  'RECOVERY_CHALLENGE',
  'PASSWORD_WARN',
  'UNAUTHENTICATED',
  'RECOVERY',
)
const href = fc.oneof(
  {
    arbitrary: fc.constantFrom(`${ORG}/api/v1/authn`, '/qr', 'data:image/png;base64,iVBO'),
    weight: 4,
  },
  fc.constantFrom(
    `${ORG}/api/v1/authn`,
    '/qr',
    'https://evil.example/x',
    'javascript:alert(1)',
    'data:image/png;base64,iVBO',
    'http://[x',
  ),
  fc.webUrl(),
  fc.string(),
)
const link = fc.record({ href: maybe(href) }, { requiredKeys: [] })
const factorId = fc.oneof(fc.constantFrom('f1', 'ostf2xjtDKWFPZIKYDZV', '../x', ''), fc.string())
const factor = fc.record(
  {
    id: maybe(factorId),
    factorType: maybe(fc.constantFrom('token:software:totp', 'push', 'sms')),
    provider: maybe(fc.constantFrom('OKTA', 'GOOGLE')),
    status: maybe(fc.constantFrom('NOT_SETUP', 'ACTIVE')),
  },
  { requiredKeys: [] },
)
const activation = fc.record(
  {
    sharedSecret: maybe(fc.string()),
    timeStep: maybe(fc.integer()),
    keyLength: maybe(fc.double()),
    encoding: maybe(fc.string()),
    factorResult: maybe(fc.constantFrom('WAITING', 'PASSCODE_REPLAYED')),
    _links: maybe(fc.record({ qrcode: maybe(link) }, { requiredKeys: [] })),
    qrcode: maybe(fc.oneof(href, link)),
    qrCode: maybe(href),
  },
  { requiredKeys: [] },
)
const transaction = fc.record(
  {
    status: maybe(status),
    stateToken: maybe(fc.string()),
    sessionToken: maybe(fc.string()),
    expiresAt: maybe(fc.string()),
    factorResult: maybe(fc.constantFrom('PASSCODE_REPLAYED', 'WAITING', 'TIMEOUT')),
    _links: maybe(fc.record({ next: maybe(link) }, { requiredKeys: [] })),
    _embedded: maybe(
      fc.record(
        {
          factors: maybe(fc.array(maybe(factor), { maxLength: 4 })),
          factor: maybe(
            fc.record(
              {
                id: maybe(factorId),
                factorType: maybe(fc.string()),
                provider: maybe(fc.string()),
                _embedded: maybe(
                  fc.record({ activation: maybe(activation) }, { requiredKeys: [] }),
                ),
              },
              { requiredKeys: [] },
            ),
          ),
          activation: maybe(activation),
        },
        { requiredKeys: [] },
      ),
    ),
  },
  { requiredKeys: [] },
)
const oktaError = fc.record(
  {
    errorCode: maybe(
      fc.constantFrom(
        'E0000004',
        'E0000011',
        'E0000068',
        'E0000006',
        'E0000047',
        'E0000069',
        'E0000001',
      ),
    ),
    errorSummary: maybe(fc.string()),
    errorCauses: maybe(
      fc.array(
        maybe(
          fc.record({
            errorSummary: maybe(
              fc.constantFrom('Each code can only be used once.', 'already used', 'nope'),
            ),
          }),
        ),
      ),
    ),
  },
  { requiredKeys: [] },
)
const body = fc.oneof(
  anything.map((value) => JSON.stringify(value)),
  { arbitrary: transaction.map((value) => JSON.stringify(value)), weight: 4 },
  oktaError.map((value) => JSON.stringify(value)),
  fc.string(),
)
const httpStatus = fc.oneof(
  { arbitrary: fc.constant(200), weight: 3 },
  fc.integer({ min: 200, max: 599 }),
)
const rateLimitHeader = fc.option(fc.oneof(fc.nat().map(String), fc.string()), { nil: undefined })

/** What a caller may rely on for a resolved transaction. */
function assertWellTyped(tx: AuthnTransaction): void {
  const isString = (value: unknown) => typeof value === 'string'
  switch (tx.status) {
    case 'SUCCESS':
      expect(tx.sessionToken.length).toBeGreaterThan(0)
      return
    case 'MFA_REQUIRED':
    case 'MFA_ENROLL':
      expect(tx.stateToken.length).toBeGreaterThan(0)
      for (const f of tx.factors) {
        expect(isString(f.factorType) && isString(f.provider)).toBe(true)
        if (f.id !== undefined || tx.status === 'MFA_REQUIRED')
          expect(f.id).toMatch(/^[A-Za-z0-9_-]{1,64}$/)
      }
      return
    case 'MFA_ENROLL_ACTIVATE': {
      expect(tx.stateToken.length).toBeGreaterThan(0)
      if (tx.factor) expect(tx.factor.id).toMatch(/^[A-Za-z0-9_-]{1,64}$/)
      const qr = tx.activation?.qrCodeUrl
      if (qr != null)
        expect(qr.startsWith(`${ORG}/`) || /^data:image\/(png|gif|jpeg);base64,/.test(qr)).toBe(
          true,
        )
      return
    }
    case 'PASSWORD_EXPIRED':
      expect(tx.stateToken.length).toBeGreaterThan(0)
      if (tx.complexity)
        for (const rule of [
          'minLength',
          'minLowerCase',
          'minUpperCase',
          'minNumber',
          'minSymbol',
        ] as const)
          expect(Number.isInteger(tx.complexity[rule]) && tx.complexity[rule] >= 0).toBe(true)
      return
    case 'LOCKED_OUT':
      expect(typeof tx.canUnlock).toBe('boolean')
      return
    case 'RECOVERY_CHALLENGE':
      expect(tx.recoveryType === null || isString(tx.recoveryType)).toBe(true)
      return
    default:
      throw new Error(`unexpected status ${(tx as { status: string }).status}`)
  }
}

/**
 * One real body per handled status, run before the random ones (fast-check's `examples`): Okta's
 * recorded answers (their links moved to this test's org), and the recovery challenge of an unlock by email as Okta documents it (no
 * recording). The random bodies reach the deep branches of a rare status (a valid MFA_ENROLL) only
 * now and then; these reach every status on every run.
 * @see https://developer.okta.com/docs/reference/api/authn/#unlock-account
 */
const RECORDED_BODIES = [
  ...[
    'authn-SUCCESS-primary-auth.200.json',
    'authn-MFA_REQUIRED-okta-totp-only.200.json',
    'authn-MFA_ENROLL-okta-and-google-totp-only.200.json',
    'authn-MFA_ENROLL_ACTIVATE-okta-verify-totp.200.json',
    'authn-PASSWORD_EXPIRED.200.json',
    'authn-LOCKED_OUT.200.json',
  ].map((name) =>
    // Recorded on other orgs: their links moved to this test's org, as if recorded there.
    readFileSync(new URL(name, SHARED_FIXTURES), 'utf8').replace(/https?:\/\/[^/"]+/g, ORG),
  ),
  JSON.stringify({ status: 'RECOVERY_CHALLENGE', recoveryType: 'UNLOCK', factorResult: 'WAITING' }),
]

describe('processAuthnResponse (properties)', () => {
  it('on any body and status 200..599: resolves to a well-typed transaction or rejects with an AuthError', async () => {
    const reached = new Set<string>()
    await fc.assert(
      fc.asyncProperty(body, httpStatus, rateLimitHeader, async (text, status, reset) => {
        const headers: Record<string, string> =
          reset === undefined ? {} : { 'X-Rate-Limit-Reset': reset }
        const response = new Response(NULL_BODY_STATUSES.has(status) ? null : text, {
          status,
          headers,
        })
        let outcome: { ok: true; tx: AuthnTransaction } | { ok: false; error: unknown }
        try {
          outcome = { ok: true, tx: await processAuthnResponse(config, response) }
          reached.add(outcome.tx.status)
        } catch (error) {
          outcome = { ok: false, error }
        }
        if (outcome.ok) {
          expect(status).toBeGreaterThanOrEqual(200)
          expect(status).toBeLessThan(300)
          assertWellTyped(outcome.tx)
        } else {
          expect(outcome.error).toBeInstanceOf(AuthError)
          const error = outcome.error as AuthError
          expect(isAuthErrorCode(error.code)).toBe(true)
          expect(error.details.status).toBe(status)
          if (error.details.rateLimitReset !== undefined)
            expect(Number.isSafeInteger(error.details.rateLimitReset)).toBe(true)
        }
      }),
      {
        numRuns: 1000,
        examples: RECORDED_BODIES.map((text): [string, number, string | undefined] => [
          text,
          200,
          undefined,
        ]),
      },
    )
    // Every handled status is reached (by the recorded bodies at least: one that stopped parsing
    // would be missing here), or the property proves little.
    expect([...reached].sort()).toEqual([
      'LOCKED_OUT',
      'MFA_ENROLL',
      'MFA_ENROLL_ACTIVATE',
      'MFA_REQUIRED',
      'PASSWORD_EXPIRED',
      'RECOVERY_CHALLENGE',
      'SUCCESS',
    ])
  })
})
