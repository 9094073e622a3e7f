import { execFile } from 'node:child_process'
import { cpSync, mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { inject } from 'vitest'

const run = promisify(execFile)
const templates = resolve(import.meta.dirname, 'templates')

/**
 * Versions the consumers install: the ones the workspace's lockfile already holds (apps/signin's
 * React and Vite, the workspace's TypeScript), so npm's cache answers and the projects match
 * what the platform builds with.
 */
export const CONSUMER_VERSIONS = {
  typescript: '5.9.3',
  '@types/node': '20.19.43',
  react: '19.3.1',
  'react-dom': '19.3.1',
  '@types/react': '19.3.0',
  '@types/react-dom': '19.3.0',
  vite: '8.3.8',
  '@vitejs/plugin-react': '6.3.0',
} as const

type Dependency = keyof typeof CONSUMER_VERSIONS

export interface ConsumerProject {
  readonly dir: string
  /** Runs `node <args>` in the project; rejects (with its output) when it exits non-zero. */
  node(...args: string[]): Promise<{ stdout: string; stderr: string }>
  /** Runs the project's own TypeScript compiler. */
  tsc(...args: string[]): Promise<{ stdout: string; stderr: string }>
}

/** npm reads `npm_config_*` variables that pnpm and vitest set for themselves: none of them here. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^npm_(config|package|lifecycle)_/i.test(key) && key !== 'NODE_OPTIONS',
    ),
  )
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
  for (const dependency of options.dependencies)
    dependencies[dependency] = CONSUMER_VERSIONS[dependency]
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name, private: true, type: options.type, dependencies }, null, 2)}\n`,
  )
  const env = cleanEnv()
  await run(
    'npm',
    [
      'install',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--no-package-lock',
      '--loglevel=error',
    ],
    { cwd: dir, env },
  )
  const exec = (file: string, args: string[]) =>
    run(file, args, { cwd: dir, env, maxBuffer: 16 * 1024 * 1024 })
  return {
    dir,
    node: (...args) => exec(process.execPath, args),
    tsc: (...args) =>
      exec(process.execPath, [join(dir, 'node_modules/typescript/bin/tsc'), ...args]),
  }
}

/** The one JSON line a scenario script prints last. */
export function lastJsonLine(stdout: string): Record<string, unknown> {
  const line = stdout.trim().split('\n').at(-1) ?? ''
  return JSON.parse(line) as Record<string, unknown>
}
