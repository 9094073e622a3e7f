import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The packed library, installed by every consumer project. */
    tarball: string
    /** The packed `@mapping-platform/auth-react`, installed by the React sub-sites. */
    authReactTarball: string
    /** The temporary folder the consumer projects are created in. */
    workDir: string
  }
}

const packageDir = resolve(import.meta.dirname, '..')
const authReactDir = resolve(packageDir, '../auth-react')

/** The tarball `variable` names, or a new one built and packed from `dir` into `into`. */
function packed(variable: string, dir: string, into: string): string {
  const given = process.env[variable]
  if (given !== undefined && given !== '') {
    if (!existsSync(given)) throw new Error(`No tarball at ${given} (${variable})`)
    return resolve(given)
  }
  const destination = mkdtempSync(join(into, 'pack-'))
  execFileSync('pnpm', ['run', 'build'], { cwd: dir, stdio: 'ignore' })
  execFileSync('pnpm', ['pack', '--pack-destination', destination], { cwd: dir, stdio: 'ignore' })
  const file = readdirSync(destination).find((name) => name.endsWith('.tgz'))
  if (file === undefined) throw new Error(`pnpm pack wrote no tarball into ${destination}`)
  return join(destination, file)
}

/**
 * Packs auth-core and auth-react once for every consumer project. `AUTH_CORE_TARBALL` and
 * `AUTH_REACT_TARBALL` name tarballs packed already (scripts/test.sh packs them for attw, publint
 * and these tests); otherwise this builds and packs each. `KEEP_CONSUMERS=1` keeps the projects for a look after a failure.
 */
export default function setup(project: TestProject): () => void {
  const workDir = mkdtempSync(join(tmpdir(), 'auth-core-consumers-'))
  // auth-react builds against auth-core's dist: auth-core first.
  project.provide('tarball', packed('AUTH_CORE_TARBALL', packageDir, workDir))
  project.provide('authReactTarball', packed('AUTH_REACT_TARBALL', authReactDir, workDir))
  project.provide('workDir', workDir)
  return () => {
    if (process.env.KEEP_CONSUMERS === '1') console.log(`consumer projects kept in ${workDir}`)
    else rmSync(workDir, { recursive: true, force: true })
  }
}
