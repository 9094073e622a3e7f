import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  createConsumerProject,
  lastJsonLine,
  logTime,
  TYPESCRIPT_VERSIONS,
  typescriptAlias,
  typescriptAliases,
} from './consumerProject'
import type { ConsumerProject } from './consumerProject'
import { readmeCodeBlock } from './readmeCodeBlock'
import { SERVER_SCENARIO, SUB_SITE_SCENARIO, TESTING_SCENARIO } from './subSiteScenario'

const README = resolve(import.meta.dirname, '../README.md')
const template = (file: string) =>
  readFileSync(resolve(import.meta.dirname, 'templates/typescript', file), 'utf8')
const scenarioSource = template('scenario.ts')

/**
 * Every module resolution a sub-site may use. `node10` is deprecated in TypeScript 6.0 (allowed
 * with `ignoreDeprecations`) and removed in 7.0, so it is checked up to 6.0 only.
 */
const variants = [
  {
    name: 'bundler',
    type: 'module',
    compilerOptions: { module: 'esnext', moduleResolution: 'bundler' },
    declarations: 'd.ts',
    until: 7,
  },
  {
    name: 'node16-esm',
    type: 'module',
    compilerOptions: { module: 'node16', moduleResolution: 'node16' },
    declarations: 'd.ts',
    until: 7,
  },
  {
    name: 'node16-cjs',
    type: 'commonjs',
    compilerOptions: { module: 'node16', moduleResolution: 'node16' },
    declarations: 'd.cts',
    until: 7,
  },
  {
    name: 'node10',
    type: 'commonjs',
    compilerOptions: { module: 'commonjs', moduleResolution: 'node10' },
    declarations: 'd.cts',
    until: 6,
  },
] as const

const major = (version: string) => Number(version.split('.')[0])

/**
 * ONE project holds every TypeScript release (`typescript-5.9`, `typescript-6.0`, `typescript-7.0`
 * as npm aliases) and the packed library: one install for all of them. Each check gets a folder
 * of its own (its package.json `type`, its tsconfig) that resolves the shared node_modules, is
 * compiled strictly WITHOUT skipLibCheck (the package's .d.ts/.d.cts files are checked too) by
 * that release, and the output is run with Node.
 */
describe.each(TYPESCRIPT_VERSIONS)('TypeScript %s', (version) => {
  const compiler = typescriptAlias(version)
  let project: ConsumerProject
  beforeAll(async () => {
    project = await sharedProject()
  })

  /** A folder of the shared project with its own package.json `type` and tsconfig.json. */
  function folder(
    name: string,
    type: 'module' | 'commonjs',
    compilerOptions: Record<string, unknown>,
    files: Readonly<Record<string, string>>,
  ): string {
    const dir = join(project.dir, `${name}-${version}`)
    mkdirSync(dir, { recursive: true })
    for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text)
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type }))
    const tsconfig = {
      compilerOptions: {
        target: 'es2022',
        strict: true,
        skipLibCheck: false,
        outDir: 'out',
        rootDir: '.',
        ...compilerOptions,
      },
      files: Object.keys(files).filter((file) => file.endsWith('.ts')),
    }
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2))
    return dir
  }

  async function compile(dir: string, ...args: string[]): Promise<string> {
    const started = performance.now()
    const { stdout } = await project.tscOf(compiler, '-p', dir, ...args)
    logTime(`tsc ${version} (${dir.split('/').at(-1)})`, started)
    return stdout
  }

  describe('the README quick start, copied verbatim, in a browser page', () => {
    let dir: string
    beforeAll(() => {
      dir = folder(
        'quick-start',
        'module',
        { module: 'esnext', moduleResolution: 'bundler', lib: ['es2022', 'dom'], types: [] },
        { 'quickStart.ts': readmeCodeBlock(README, 'session-quick-start') },
      )
    })

    it('compiles against lib.dom (no skipLibCheck): browserSessionDeps(window) is accepted', async () => {
      await compile(dir)
    })

    it('refreshes an expired session with one token request and keeps the visitor on the page', async () => {
      const { stdout } = await project.node(
        '--import',
        join(project.dir, 'browserStandIn.mjs'),
        join(dir, 'out/quickStart.js'),
      )
      expect(lastJsonLine(stdout)).toEqual({
        requests: ['https://login.example.com/oauth2/default/v1/token'],
        navigations: [],
        accessTokenRefreshed: true,
        postLoginRedirect: null,
      })
    })

    it('sends a visitor without a session to sign in, remembering the sub-site', async () => {
      const { stdout } = await project.nodeWith(
        { STAND_IN_SESSION: 'none' },
        '--import',
        join(project.dir, 'browserStandIn.mjs'),
        join(dir, 'out/quickStart.js'),
      )
      expect(lastJsonLine(stdout)).toEqual({
        requests: [],
        navigations: ['https://signin.example.com/'],
        accessTokenRefreshed: false,
        postLoginRedirect: 'citystream',
      })
    })
  })

  describe.each(variants.filter((variant) => variant.name.startsWith('node16')))(
    'a Node backend and its tests, $type',
    ({ name, type, compilerOptions, declarations }) => {
      let dir: string
      beforeAll(() => {
        dir = folder(
          `backend-${name}`,
          type,
          {
            ...compilerOptions,
            lib: ['es2022'],
            types: ['node'],
          },
          { 'server.ts': template('server.ts'), 'testing.ts': template('testing.ts') },
        )
      })

      it(`type-checks /server and /testing against their .${declarations} files`, async () => {
        const files = await compile(dir, '--listFiles')
        const own = files.split('\n').filter((file) => file.includes('@mapping-platform/auth-core'))
        expect(own.some((file) => file.endsWith(`/dist/server.${declarations}`))).toBe(true)
        expect(own.some((file) => file.endsWith(`/dist/testing.${declarations}`))).toBe(true)
      })

      it('verifies access tokens from a Cookie header against a JWKS served on loopback', async () => {
        const { stdout } = await project.node(join(dir, 'out/server.js'))
        expect(lastJsonLine(stdout)).toEqual(SERVER_SCENARIO)
      })

      it('runs a test session with one refresh at the fake token endpoint; the server refuses fake tokens', async () => {
        const { stdout } = await project.node(join(dir, 'out/testing.js'))
        expect(lastJsonLine(stdout)).toEqual(TESTING_SCENARIO)
      })
    },
  )

  describe.each(variants.filter((variant) => major(version) <= variant.until))(
    'moduleResolution $name',
    ({ name, type, compilerOptions, declarations }) => {
      it(`type-checks against the package's .${declarations} files (no skipLibCheck) and runs`, async () => {
        const dir = folder(
          name,
          type,
          {
            ...compilerOptions,
            lib: ['es2022'],
            types: ['node'],
            ...(name === 'node10' && major(version) === 6 ? { ignoreDeprecations: '6.0' } : {}),
          },
          { 'scenario.ts': scenarioSource },
        )
        const files = await compile(dir, '--listFiles')
        const own = files.split('\n').filter((file) => file.includes('@mapping-platform/auth-core'))
        expect(own.some((file) => file.endsWith(`/dist/index.${declarations}`))).toBe(true)
        expect(own.some((file) => file.endsWith(`/dist/session.${declarations}`))).toBe(true)
        expect(own.some((file) => file.endsWith(`/dist/messages.${declarations}`))).toBe(true)
        const { stdout } = await project.node(join(dir, 'out/scenario.js'))
        expect(lastJsonLine(stdout)).toEqual(SUB_SITE_SCENARIO)
      })
    },
  )
})

let shared: Promise<ConsumerProject> | undefined
/** The one project every TypeScript release compiles in, installed once. */
function sharedProject(): Promise<ConsumerProject> {
  shared ??= createConsumerProject('typescript', {
    template: 'typescript',
    type: 'module',
    dependencies: ['@types/node'],
    aliases: typescriptAliases(),
  })
  return shared
}
