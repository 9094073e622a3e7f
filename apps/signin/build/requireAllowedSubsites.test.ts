/**
 * A production build needs VITE_ALLOWED_SUBSITES: without it any sub-site
 * label passes (`api`, `www`), and one whose sign-out redirect URI Okta does not know strands the
 * person on Okta's error page after the tokens are written. Local mode is exempt. Real Vite
 * builds of a one-file page, the plugin as vite.config.ts uses it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import { describe, expect, it } from 'vitest'
import { requireAllowedSubsites } from './requireAllowedSubsites'

/** Builds a one-file page with `env` as its `.env.production`: the error it stops with, or null. */
async function buildWith(env: Readonly<Record<string, string>>): Promise<Error | null> {
  const dir = mkdtempSync(join(tmpdir(), 'allowed-subsites-'))
  try {
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><title>t</title><script type="module" src="/main.js"></script>',
    )
    writeFileSync(join(dir, 'main.js'), 'document.title = import.meta.env.VITE_ALLOWED_SUBSITES\n')
    writeFileSync(
      join(dir, '.env.production'),
      Object.entries(env)
        .map(([name, value]) => `${name}=${value}\n`)
        .join(''),
    )
    await build({
      root: dir,
      envDir: dir,
      configFile: false,
      logLevel: 'silent',
      build: { write: false },
      plugins: [requireAllowedSubsites()],
    })
    return null
  } catch (error) {
    return error as Error
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('requireAllowedSubsites (the sign-in app’s build)', () => {
  it('stops a production build without VITE_ALLOWED_SUBSITES, naming it and what to put in it', async () => {
    const envs: readonly Record<string, string>[] = [
      {},
      { VITE_ALLOWED_SUBSITES: ' ' },
      { VITE_LOCAL_MODE: 'false' },
    ]
    for (const env of envs) {
      const error = await buildWith(env)
      expect(error?.message ?? 'the build succeeded').toContain(
        'VITE_ALLOWED_SUBSITES is missing: a production build needs the sub-sites the post-login redirect may name, comma-separated lowercase DNS labels such as citystream,maps,roads',
      )
    }
  })

  it('stops a production build whose VITE_ALLOWED_SUBSITES is not a list of labels', async () => {
    const error = await buildWith({ VITE_ALLOWED_SUBSITES: 'citystream, evil.com' })
    expect(error?.message ?? 'the build succeeded').toContain(
      'VITE_ALLOWED_SUBSITES is not valid: expected a comma-separated list of lowercase DNS labels.',
    )
  })

  it('builds with a list, and in local mode without one (every target is localhost:3000)', async () => {
    expect(await buildWith({ VITE_ALLOWED_SUBSITES: 'citystream,maps' })).toBeNull()
    expect(await buildWith({ VITE_LOCAL_MODE: 'true' })).toBeNull()
  })

  it('leaves the other variables to the page: a build missing them still succeeds', async () => {
    expect(
      await buildWith({ VITE_ALLOWED_SUBSITES: 'citystream', VITE_OKTA_ORG_URL: '' }),
    ).toBeNull()
  })
})
