/**
 * The shape test: every recorded Okta body in `shared/okta-authn-fixtures/` has a counterpart
 * response from this server, produced by driving it into the same situation, and the two have
 * the same keys with the same JSON types (see `testing/shapeDiff.ts`). Each row names its
 * counterpart and lists, with the reason, the differences it accepts; an accepted difference
 * that no longer occurs fails the test too, so the lists stay honest.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import { TESS_PUSH_FACTOR_ID, TESS_TOTP_FACTOR_ID, TESS_TOTP_SECRET } from './accounts'
import { shapeDiff } from './testing/shapeDiff'
import {
  codeFor,
  codeNow,
  exchangeCode,
  pkcePair,
  postJson,
  primaryAuth,
  useTestPlatform,
  wrongCode,
  type JsonAnswer,
} from './testing/testPlatform'

/**
 * The workspace root: the folder above this file that holds pnpm-workspace.yaml, found by walking
 * up rather than by a fixed number of `../`, so the test runs from any checkout depth and from a
 * copy of the package.
 */
function findWorkspaceRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(resolve(dir, 'pnpm-workspace.yaml'))) return dir
    if (dirname(dir) === dir) throw new Error(`No pnpm-workspace.yaml above ${start}`)
  }
}
const repoRoot = findWorkspaceRoot(dirname(fileURLToPath(import.meta.url)))
const FIXTURES = resolve(repoRoot, '../shared/okta-authn-fixtures')

const tp = useTestPlatform()

/* --- Counterparts: drive the server into each fixture's situation --- */

type Answer = JsonAnswer
const TESS = ['tess.totp@example.com', 'Totp-enrolled-1'] as const
const NIA = ['nia.enroll@example.com', 'Enroll-needed-1'] as const
const authn = (path: string, body: unknown) => postJson(`${tp.okta}/api/v1/authn${path}`, body)

async function enrolment(provider: 'OKTA' | 'GOOGLE') {
  const primary = await primaryAuth(tp, ...NIA)
  const answer = await authn('/factors', {
    stateToken: primary.body.stateToken,
    factorType: 'token:software:totp',
    provider,
  })
  const factor = (answer.body._embedded as { factor: Record<string, unknown> }).factor
  const activation = (factor._embedded as { activation: { sharedSecret: string } }).activation
  return { answer, factorId: factor.id as string, secret: activation.sharedSecret }
}

async function activated(provider: 'OKTA' | 'GOOGLE'): Promise<Answer> {
  const { answer, factorId, secret } = await enrolment(provider)
  return authn(`/factors/${factorId}/lifecycle/activate`, {
    stateToken: answer.body.stateToken,
    passCode: codeNow(tp, secret),
  })
}

async function mfaRequiredAfterEnrolment(provider: 'OKTA' | 'GOOGLE'): Promise<Answer> {
  await activated(provider)
  return primaryAuth(tp, ...NIA)
}

async function tessVerify(
  passCode: string | undefined,
  factorId = TESS_TOTP_FACTOR_ID,
): Promise<Answer> {
  const primary = await primaryAuth(tp, ...TESS)
  return authn(`/factors/${factorId}/verify`, { stateToken: primary.body.stateToken, passCode })
}

async function tokenSuccess(): Promise<Answer> {
  // The fixture was recorded for `profile email openid` (no offline_access: no refresh token).
  const { code, verifier } = await codeFor(tp, 'pat.password@example.com', {
    scope: 'openid profile email',
  })
  return exchangeCode(tp, code, verifier)
}

/** Wraps a decoded JWT payload as an answer, to compare token claims with the fixture's. */
const claimsOf = async (token: 'access_token' | 'id_token'): Promise<Answer> => {
  const answer = await tokenSuccess()
  return { ...answer, body: decodeJwt(answer.body[token] as string) as Record<string, unknown> }
}

/* --- Accepted differences --- */

/** A difference a row accepts: the exact line (or a pattern) and why it is right. */
interface Accepted {
  readonly diff: string | RegExp
  readonly why: string
}

/** Accepted in every row. */
const EVERYWHERE: readonly Accepted[] = [
  {
    diff: 'extra _embedded.user.passwordChanged',
    why: 'Okta shows it once a password was set (see the PASSWORD_WARN fixture); older fixtures omit it',
  },
  {
    diff: 'missing relayState',
    why: 'only echoed when the client sent a relayState; the app sends none',
  },
]

const OTHER_FACTOR_KINDS: Accepted = {
  diff: /^missing _embedded\.factors\[(?!token:software:totp:OKTA\]|push:OKTA\])/,
  why: 'factor kinds the all-factor-types fixtures list but no seeded user has',
}

interface Row {
  /** File in shared/okta-authn-fixtures (a `#claim` suffix compares a JWT's claims). */
  readonly fixture: string
  /** What the server is driven to do. */
  readonly counterpart: string
  readonly produce: () => Promise<Answer>
  readonly accepted?: readonly Accepted[]
}

const ROWS: readonly Row[] = [
  {
    fixture: 'authn-LOCKED_OUT.200.json',
    counterpart: 'primary auth of lou.locked',
    produce: () => primaryAuth(tp, 'lou.locked@example.com', 'Locked-out-1'),
  },
  {
    fixture: 'authn-MFA_ENROLL-all-factor-types.200.json',
    counterpart: 'primary auth of nia.enroll (MFA_ENROLL)',
    produce: () => primaryAuth(tp, ...NIA),
    accepted: [
      {
        diff: /^missing _embedded\.factors\[(?!token:software:totp|sms:OKTA\])/,
        why: 'factor kinds the fixture lists but Nia is not offered',
      },
      {
        diff: 'missing _embedded.factors[token:software:totp:OKTA].policy',
        why: "the per-factor enrolment policy is optional; Okta's documented example omits it",
      },
      {
        diff: 'missing _links.skip',
        why: "Nia's enrolment is REQUIRED, so Okta publishes no skip link",
      },
    ],
  },
  {
    fixture: 'authn-MFA_ENROLL-okta-and-google-totp-only.200.json',
    counterpart: 'primary auth of nia.enroll (MFA_ENROLL)',
    produce: () => primaryAuth(tp, ...NIA),
    accepted: [
      {
        diff: /^missing _embedded\.factors\[token:software:totp:(OKTA|GOOGLE)\]\.id$/,
        why: "factors not yet enrolled have no id in Okta's documented MFA_ENROLL (this playground mock invents one)",
      },
      {
        diff: 'extra _embedded.factors[sms:OKTA]',
        why: 'SMS is offered on purpose (the app must filter it); its shape is checked against the all-factor-types fixture',
      },
    ],
  },
  {
    fixture: 'authn-MFA_ENROLL_ACTIVATE-google-authenticator-totp.200.json',
    counterpart: 'nia.enroll enrols token:software:totp GOOGLE',
    produce: async () => (await enrolment('GOOGLE')).answer,
  },
  {
    fixture: 'authn-MFA_ENROLL_ACTIVATE-okta-verify-totp.200.json',
    counterpart: 'nia.enroll enrols token:software:totp OKTA',
    produce: async () => (await enrolment('OKTA')).answer,
  },
  {
    fixture: 'authn-MFA_ENROLL_ACTIVATE-okta-verify-totp-dataurl-qrcode.200.json',
    counterpart: 'nia.enroll enrols token:software:totp OKTA',
    produce: async () => (await enrolment('OKTA')).answer,
    accepted: [
      { diff: 'missing type', why: 'SESSION_STEP_UP only happens when a signed-in user steps up' },
      {
        diff: 'missing _embedded.factor.vendorName',
        why: "Okta's documented activation example has no vendorName on the factor",
      },
      {
        diff: 'missing _embedded.factor._embedded.activation.factorResult',
        why: 'factorResult WAITING belongs to push-style activation polling, not TOTP',
      },
    ],
  },
  {
    fixture: 'authn-MFA_ENROLL_ACTIVATE-okta-verify-totp-widget.200.json',
    counterpart: 'nia.enroll enrols token:software:totp OKTA',
    produce: async () => (await enrolment('OKTA')).answer,
    accepted: [
      {
        diff: 'missing _embedded.factor._embedded.activation.factorResult',
        why: 'factorResult WAITING belongs to push-style activation polling, not TOTP',
      },
    ],
  },
  {
    fixture: 'authn-MFA_REQUIRED-all-factor-types.200.json',
    counterpart: 'primary auth of tess.totp (push + Okta Verify TOTP)',
    produce: () => primaryAuth(tp, ...TESS),
    accepted: [OTHER_FACTOR_KINDS],
  },
  {
    fixture: 'authn-MFA_REQUIRED-google-totp-okta-totp-question-push-sms.200.json',
    counterpart: 'primary auth of tess.totp (push + Okta Verify TOTP)',
    produce: () => primaryAuth(tp, ...TESS),
    accepted: [
      {
        diff: /^missing _embedded\.factors\[(question:OKTA|token:software:totp:GOOGLE|sms:OKTA)\]$/,
        why: 'factor kinds Tess does not have (Google TOTP is covered by the next row)',
      },
      {
        diff: 'extra _embedded.policy',
        why: 'the SIW MFA_REQUIRED fixtures carry the remember-device policy',
      },
      {
        diff: /^extra _embedded\.factors\[(push|token:software:totp):OKTA\]\.vendorName$/,
        why: 'this auth-js fixture omits vendorName; the SIW fixtures have it',
      },
    ],
  },
  {
    fixture: 'authn-MFA_REQUIRED-google-totp-okta-totp-question-push-sms.200.json',
    counterpart: 'primary auth of nia.enroll after enrolling Google Authenticator',
    produce: () => mfaRequiredAfterEnrolment('GOOGLE'),
    accepted: [
      {
        diff: /^missing _embedded\.factors\[(question|token:software:totp|push|sms):OKTA\]$/,
        why: 'factor kinds Nia does not have after enrolling only Google Authenticator',
      },
      {
        diff: 'extra _embedded.policy',
        why: 'the SIW MFA_REQUIRED fixtures carry the remember-device policy',
      },
      {
        diff: 'extra _embedded.factors[token:software:totp:GOOGLE].vendorName',
        why: 'this auth-js fixture omits vendorName; the SIW fixtures have it',
      },
    ],
  },
  {
    fixture: 'authn-MFA_REQUIRED-okta-push-and-okta-totp.200.json',
    counterpart: 'primary auth of tess.totp (push + Okta Verify TOTP)',
    produce: () => primaryAuth(tp, ...TESS),
  },
  {
    fixture: 'authn-MFA_REQUIRED-okta-totp-only.200.json',
    counterpart: 'primary auth of nia.enroll after enrolling Okta Verify',
    produce: () => mfaRequiredAfterEnrolment('OKTA'),
  },
  {
    fixture: 'authn-PASSWORD_EXPIRED.200.json',
    counterpart: 'primary auth of pia.expired',
    produce: () => primaryAuth(tp, 'pia.expired@example.com', 'Password-expired-1'),
  },
  {
    fixture: 'authn-PASSWORD_WARN.200.json',
    counterpart: 'primary auth of wes.warn with warnBeforePasswordExpired',
    produce: () =>
      primaryAuth(tp, 'wes.warn@example.com', 'Password-warn-1', {
        options: { warnBeforePasswordExpired: true },
      }),
    accepted: [
      {
        diff: /^extra _embedded\.policy\.complexity\.(excludeUsername|excludeAttributes)$/,
        why: 'the same password policy as PASSWORD_EXPIRED, whose fixture lists these keys',
      },
    ],
  },
  {
    fixture: 'authn-SUCCESS-after-factor-activation.200.json',
    counterpart: 'nia.enroll activates Okta Verify with the right code',
    produce: () => activated('OKTA'),
    accepted: [
      {
        diff: 'missing _links',
        why: "Okta's documented activation SUCCESS has no links (this playground mock adds cancel)",
      },
    ],
  },
  {
    fixture: 'authn-SUCCESS-primary-auth.200.json',
    counterpart: 'primary auth of pat.password',
    produce: () => primaryAuth(tp, 'pat.password@example.com', 'Password-only-1'),
  },
  {
    fixture: 'authn-SUCCESS-primary-auth-authjs.200.json',
    counterpart: 'primary auth of pat.password',
    produce: () => primaryAuth(tp, 'pat.password@example.com', 'Password-only-1'),
  },
  {
    fixture: 'authn-UNAUTHENTICATED.200.json',
    counterpart:
      'transaction state of a stateToken minted by POST /__test/unauthenticated-transaction',
    produce: async () => {
      const minted = await postJson(`${tp.okta}/__test/unauthenticated-transaction`, {})
      return authn('', { stateToken: minted.body.stateToken })
    },
  },
  {
    fixture: 'authn-cancel.200.json',
    counterpart: 'POST /api/v1/authn/cancel of a live MFA_REQUIRED transaction',
    produce: async () =>
      authn('/cancel', { stateToken: (await primaryAuth(tp, ...TESS)).body.stateToken }),
  },
  {
    fixture: 'error-E0000001-api-validation-failed-factor-enroll.400.json',
    counterpart: 'nia.enroll enrols factorType sms',
    produce: async () =>
      authn('/factors', {
        stateToken: (await primaryAuth(tp, ...NIA)).body.stateToken,
        factorType: 'sms',
        provider: 'OKTA',
      }),
  },
  {
    fixture: 'error-E0000004-authentication-failed.401.json',
    counterpart: 'primary auth of pat.password with a wrong password',
    produce: () => primaryAuth(tp, 'pat.password@example.com', 'wrong'),
  },
  {
    fixture: 'error-E0000006-access-denied.403.json',
    counterpart: 'tess.totp verifies the Okta Verify push factor',
    produce: () => tessVerify(undefined, TESS_PUSH_FACTOR_ID),
  },
  {
    fixture: 'error-E0000011-invalid-token.401.json',
    counterpart: 'transaction state of an expired stateToken',
    produce: async () => {
      const { stateToken } = (await primaryAuth(tp, ...TESS)).body
      tp.clock.advance(300_001)
      return authn('', { stateToken })
    },
  },
  {
    fixture: 'error-E0000047-rate-limit.429.json',
    counterpart: 'primary auth of ray.ratelimit',
    produce: () => primaryAuth(tp, 'ray.ratelimit@example.com', 'anything'),
  },
  {
    fixture: 'error-E0000068-invalid-passcode-activate-with-cause.403.json',
    counterpart: 'nia.enroll activates with a wrong code',
    produce: async () => {
      const { answer, factorId, secret } = await enrolment('OKTA')
      return authn(`/factors/${factorId}/lifecycle/activate`, {
        stateToken: answer.body.stateToken,
        passCode: wrongCode(tp, secret),
      })
    },
  },
  {
    fixture: 'error-E0000068-invalid-passcode-verify-with-cause.403.json',
    counterpart: 'tess.totp verifies a wrong code',
    produce: () => tessVerify(wrongCode(tp, TESS_TOTP_SECRET)),
  },
  {
    fixture: 'error-E0000068-invalid-passcode-verify.403.json',
    counterpart: 'tess.totp verifies a wrong code',
    produce: () => tessVerify(wrongCode(tp, TESS_TOTP_SECRET)),
    accepted: [
      {
        diff: 'extra errorCauses[]',
        why: 'Okta explains the cause (see the -with-cause fixtures)',
      },
    ],
  },
  {
    fixture: 'error-E0000069-user-locked.403.json',
    counterpart: 'tess.totp verifies a wrong code for the fifth time in a row',
    produce: async () => {
      const { stateToken } = (await primaryAuth(tp, ...TESS)).body
      const wrong = wrongCode(tp, TESS_TOTP_SECRET)
      for (let attempt = 1; attempt < 5; attempt += 1)
        await authn(`/factors/${TESS_TOTP_FACTOR_ID}/verify`, { stateToken, passCode: wrong })
      return authn(`/factors/${TESS_TOTP_FACTOR_ID}/verify`, { stateToken, passCode: wrong })
    },
  },
  {
    fixture: 'oauth2-token-error-invalid_grant-pkce.400.json',
    counterpart: 'token exchange with a wrong code_verifier',
    produce: async () => {
      const { code } = await codeFor(tp, 'pat.password@example.com')
      return exchangeCode(tp, code, pkcePair().verifier)
    },
  },
  {
    fixture: 'oauth2-token-success.200.json',
    counterpart: 'token exchange for pat.password with scope openid profile email',
    produce: tokenSuccess,
  },
  {
    fixture: 'oauth2-token-success.200.json#access_token',
    counterpart: "claims of that exchange's access token",
    produce: () => claimsOf('access_token'),
    accepted: [
      {
        diff: 'extra auth_time',
        why: 'Okta access tokens carry auth_time; the mock token omits it',
      },
      {
        diff: 'extra email',
        why: 'the decisions add email to the access token for the product API',
      },
    ],
  },
  {
    fixture: 'oauth2-token-success.200.json#id_token',
    counterpart: "claims of that exchange's ID token",
    produce: () => claimsOf('id_token'),
    accepted: [
      {
        diff: 'missing idp',
        why: 'idp names the Okta org IdP id, which a local platform does not have',
      },
      { diff: 'extra nonce', why: 'present because the app sends a nonce (OIDC Core 3.1.3.6)' },
    ],
  },
]

/** The fixture body (or, with `#claim`, the decoded JWT in that field) and its HTTP status. */
function loadFixture(name: string): { status: number; body: unknown } {
  const [file = '', claim] = name.split('#')
  const body = JSON.parse(readFileSync(resolve(FIXTURES, file), 'utf8')) as Record<string, unknown>
  const status = Number(/\.(\d{3})\.json$/.exec(file)?.[1])
  return { status, body: claim ? decodeJwt(body[claim] as string) : body }
}

const matches = (accepted: Accepted, diff: string) =>
  typeof accepted.diff === 'string' ? accepted.diff === diff : accepted.diff.test(diff)

describe('fixture shapes', () => {
  it('on the table: names a counterpart for every file in shared/okta-authn-fixtures', () => {
    const files = readdirSync(FIXTURES).filter((file) => file.endsWith('.json'))
    expect(files.length).toBeGreaterThanOrEqual(29)
    const covered = new Set(ROWS.map((row) => row.fixture.split('#')[0]))
    expect(files.filter((file) => !covered.has(file))).toEqual([])
  })

  it.each(ROWS.map((row) => [row.fixture, row.counterpart, row] as const))(
    'on %s ↔ %s: same status, same keys and types',
    async (_, __, row) => {
      const fixture = loadFixture(row.fixture)
      const answer = await row.produce()
      if (!row.fixture.includes('#')) expect(answer.status).toBe(fixture.status)
      const accepted = [...EVERYWHERE, ...(row.accepted ?? [])]
      const diffs = shapeDiff(fixture.body, answer.body)
      expect(diffs.filter((diff) => !accepted.some((entry) => matches(entry, diff)))).toEqual([])
      const unused = (row.accepted ?? []).filter(
        (entry) => !diffs.some((diff) => matches(entry, diff)),
      )
      expect(unused.map((entry) => String(entry.diff))).toEqual([])
    },
  )
})
