/**
 * After every flow of the run (this project is the flows' teardown, so it runs even when a flow
 * failed): nothing secret reached Sentry, and the run watched for CSP violations for real.
 */
import { expect, test } from '@playwright/test'
import { CONTROL_URL, IS_PROD } from '../support/env'
import type { Envelope } from '../support/platform'
import { readJsonLines, RUN_FILES } from '../support/runFiles'
import { containsSecret, type SecretValue } from '../support/secrets'
import type { Violation } from '../support/violations'

/** Set by the global set-up when the run selects only some tests. */
const PARTIAL = process.env.E2E_PARTIAL_RUN === '1'

/** Kinds a full run must have seen (so the scan below is not vacuous). */
const KINDS = [
  'password',
  'passCode',
  'stateToken',
  'sessionToken',
  'state',
  'code',
  'access_token',
  'refresh_token',
  'id_token',
  'sharedSecret',
] as const

interface CorpusLine extends SecretValue {
  readonly test: string
}

/** Every envelope recorded during the run, plus any the platform still holds (late arrivals). */
async function allEnvelopes(): Promise<Envelope[]> {
  const recorded = readJsonLines<Envelope>(RUN_FILES.envelopes)
  const late = await fetch(`${CONTROL_URL}/__test/envelopes`)
    .then((response) => (response.ok ? (response.json() as Promise<Envelope[]>) : []))
    .catch(() => [] as Envelope[])
  const seen = new Set(recorded.map((envelope) => `${envelope.receivedAt}${envelope.body}`))
  return [...recorded, ...late.filter((e) => !seen.has(`${e.receivedAt}${e.body}`))]
}

test('no password, code, state, token or session token used during the run reached Sentry', async () => {
  const corpus = readJsonLines<CorpusLine>(RUN_FILES.corpus)
  const envelopes = await allEnvelopes()
  test.info().annotations.push({
    type: 'corpus',
    description: `${corpus.length} secret values, ${envelopes.length} envelopes`,
  })
  // Proves something only if the run both saw secrets and made the app report failures (a run
  // of a few selected tests may do neither).
  if (!PARTIAL) {
    expect(corpus.length, 'secret values collected').toBeGreaterThan(50)
    for (const kind of KINDS)
      expect(
        corpus.some((secret) => secret.kind === kind),
        `the corpus has a ${kind}`,
      ).toBe(true)
    expect(envelopes.length, 'Sentry envelopes recorded').toBeGreaterThan(0)
  }

  const leaks: string[] = []
  for (const envelope of envelopes)
    for (const secret of corpus)
      if (containsSecret(envelope.body, secret.value))
        leaks.push(`${secret.kind} from "${secret.test}" in the envelope of ${envelope.receivedAt}`)
  expect(leaks).toEqual([])
})

test('no CSP or Trusted Types violation over the whole run', async () => {
  const perTest = readJsonLines<{ test: string; appDocuments: number; violations: Violation[] }>(
    RUN_FILES.violations,
  )
  const documents = perTest.reduce((sum, entry) => sum + entry.appDocuments, 0)
  if (!PARTIAL) {
    expect(perTest.length, 'tests watched').toBeGreaterThan(10)
    expect(documents, 'app documents watched').toBeGreaterThan(20)
  }
  const all = perTest.flatMap((entry) => entry.violations.map((v) => ({ test: entry.test, ...v })))
  expect(all).toEqual([])
  test.info().annotations.push({
    type: 'csp',
    description: `${documents} app documents under ${IS_PROD ? 'the production CSP' : 'dev mode (no CSP header)'}`,
  })
})
