import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The packed library, installed by every consumer project. */
    tarball: string
    /** The temporary folder the consumer projects are created in. */
    workDir: string
  }
}

const packageDir = resolve(import.meta.dirname, '..')

/**
 * Packs the library once for every consumer project. `AUTH_CORE_TARBALL` names a tarball packed
 * already (scripts/test.sh packs one for attw, publint and these tests); otherwise this builds
 * and packs. `KEEP_CONSUMERS=1` keeps the projects for a look after a failure.
 */
export default function setup(project: TestProject): () => void {
  const workDir = mkdtempSync(join(tmpdir(), 'auth-core-consumers-'))
  let tarball = process.env.AUTH_CORE_TARBALL
  if (tarball === undefined || tarball === '') {
    execFileSync('pnpm', ['run', 'build'], { cwd: packageDir, stdio: 'ignore' })
    execFileSync('pnpm', ['pack', '--pack-destination', workDir], {
      cwd: packageDir,
      stdio: 'ignore',
    })
    const packed = readdirSync(workDir).find((name) => name.endsWith('.tgz'))
    if (packed === undefined) throw new Error(`pnpm pack wrote no tarball into ${workDir}`)
    tarball = join(workDir, packed)
  }
  tarball = resolve(tarball)
  if (!existsSync(tarball)) throw new Error(`No tarball at ${tarball}`)
  project.provide('tarball', tarball)
  project.provide('workDir', workDir)
  return () => {
    if (process.env.KEEP_CONSUMERS === '1') console.log(`consumer projects kept in ${workDir}`)
    else rmSync(workDir, { recursive: true, force: true })
  }
}
