import { execFile } from 'node:child_process'
import { cpSync, mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { inject } from 'vitest'
import { CONSUMER_VERSIONS, TYPESCRIPT_VERSIONS } from './consumerVersions'
import { NPM_INSTALL_ARGS, npmEnv } from './npmInstall'

export { TYPESCRIPT_VERSIONS }

const run = promisify(execFile)

/** `typescript-5.9` → `npm:typescript@5.9.3`, for `createConsumerProject`'s `aliases`. */
export function typescriptAliases(): Record<string, string> {
  return Object.fromEntries(
    TYPESCRIPT_VERSIONS.map((version) => [typescriptAlias(version), `npm:typescript@${version}`]),
  )
}

/** The folder name under node_modules of a TypeScript release installed by {@link typescriptAliases}. */
export function typescriptAlias(version: string): string {
  return `typescript-${version.split('.').slice(0, 2).join('.')}`
}
const templates = resolve(import.meta.dirname, 'templates')

/**
 * React 18 for a React 18 sub-site: the workspace's react18/ versions, and the last types of
 * React 18 (`npm view @types/react@^18 version`).
 */
export const REACT_18_VERSIONS = {
  react: '18.3.1',
  'react-dom': '18.3.1',
  '@types/react': '18.3.31',
  '@types/react-dom': '18.3.7',
} as const

type Dependency = keyof typeof CONSUMER_VERSIONS

export interface ConsumerProject {
  readonly dir: string
  /** Runs `node <args>` in the project; rejects (with its output) when it exits non-zero. */
  node(...args: string[]): Promise<{ stdout: string; stderr: string }>
  /** `node(...args)` with more environment variables. */
  nodeWith(
    env: Readonly<Record<string, string>>,
    ...args: string[]
  ): Promise<{ stdout: string; stderr: string }>
  /** Runs the compiler of `node_modules/<folder>` (an alias such as `typescript-7.0`). */
  tscOf(folder: string, ...args: string[]): Promise<{ stdout: string; stderr: string }>
}

/**
 * A throw-away project: copies `templates/<template>`, writes its package.json (the tarball and
 * `dependencies`, at the pinned versions) and installs it with npm from its cache or the registry,
 * exactly as a sub-site team would (`npm install <tarball>`).
 */
export async function createConsumerProject(
  name: string,
  options: {
    readonly template: string
    readonly type: 'module' | 'commonjs'
    readonly dependencies: readonly Dependency[]
    readonly files?: Readonly<Record<string, string>>
    /**
     * Versions that replace {@link CONSUMER_VERSIONS} for this project (e.g. React 18's
     * `react`, `react-dom`, `@types/react`, `@types/react-dom` for a React 18 sub-site).
     */
    readonly versions?: Partial<Readonly<Record<Dependency, string>>>
    /** More dependencies as npm specs, e.g. aliases (`{ 'typescript-6.0': 'npm:typescript@6.0.3' }`). */
    readonly aliases?: Readonly<Record<string, string>>
    /** Also install the packed `@mapping-platform/auth-react` (its tarball, as auth-core's). */
    readonly authReact?: boolean
  },
): Promise<ConsumerProject> {
  const dir = join(inject('workDir'), name)
  mkdirSync(dir, { recursive: true })
  cpSync(join(templates, options.template), dir, { recursive: true })
  for (const [file, text] of Object.entries(options.files ?? {}))
    writeFileSync(join(dir, file), text)
  const dependencies: Record<string, string> = {
    '@mapping-platform/auth-core': `file:${inject('tarball')}`,
  }
  if (options.authReact === true)
    dependencies['@mapping-platform/auth-react'] = `file:${inject('authReactTarball')}`
  for (const dependency of options.dependencies)
    dependencies[dependency] = options.versions?.[dependency] ?? CONSUMER_VERSIONS[dependency]
  Object.assign(dependencies, options.aliases)
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name, private: true, type: options.type, dependencies }, null, 2)}\n`,
  )
  const env = npmEnv()
  const started = performance.now()
  await run('npm', NPM_INSTALL_ARGS, { cwd: dir, env })
  logTime(`npm install (${name})`, started)
  const exec = (file: string, args: string[], more: Readonly<Record<string, string>> = {}) =>
    run(file, args, { cwd: dir, env: { ...env, ...more }, maxBuffer: 16 * 1024 * 1024 }).catch(
      (error: unknown) => {
        // tsc reports on stdout: put what the command printed into the failure.
        const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
        throw new Error(`${String(error)}\n${stdout}${stderr}`, { cause: error })
      },
    )
  return {
    dir,
    node: (...args) => exec(process.execPath, args),
    nodeWith: (more, ...args) => exec(process.execPath, args, more),
    tscOf: (folder, ...args) =>
      exec(process.execPath, [join(dir, 'node_modules', folder, 'bin/tsc'), ...args]),
  }
}

/** The one JSON line a scenario script prints last. */
export function lastJsonLine(stdout: string): Record<string, unknown> {
  const line = stdout.trim().split('\n').at(-1) ?? ''
  return JSON.parse(line) as Record<string, unknown>
}

/** Prints how long a step took (the consumer tests' run time is watched). */
export function logTime(step: string, startedAt: number): void {
  console.log(`${step}: ${((performance.now() - startedAt) / 1000).toFixed(1)} s`)
}
