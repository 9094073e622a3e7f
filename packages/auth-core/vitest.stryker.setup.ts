import type * as FastCheck from 'fast-check'
import { vi } from 'vitest'

/**
 * Under Stryker only (`vitest.stryker.config.ts`): every fast-check property runs at most
 * {@link MAX_RUNS} cases instead of its hundreds or thousands. Stryker runs the tests that cover a
 * mutant once per mutant, and a survivor runs all of them, so full-size properties made one folder
 * take tens of minutes on the shared machine. Fewer cases can only let more mutants survive,
 * never fewer: the score stays conservative. `npm test` runs the properties at full size.
 */
const MAX_RUNS = 100

vi.mock('fast-check', async (importOriginal) => {
  const original = await importOriginal<typeof FastCheck>()
  const fc = original.default
  const assert: typeof fc.assert = ((property: never, params?: { numRuns?: number }) =>
    fc.assert(property, {
      ...params,
      numRuns: Math.min(params?.numRuns ?? MAX_RUNS, MAX_RUNS),
    })) as typeof fc.assert
  return { ...original, assert, default: { ...fc, assert } }
})
