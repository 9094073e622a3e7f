import { readdirSync, readFileSync } from 'node:fs'
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
import { TEAM_APP_ENV } from './consumerVersions'
import { readmeCodeBlock } from './readmeCodeBlock'

const REACT_README = resolve(import.meta.dirname, '../../auth-react/README.md')

/**
 * A sub-site team's app as it would make it (`templates/team-app`): `npm create vite` React +
 * TypeScript with React Router 7 (`createBrowserRouter`, a loader guard, a protected route), an
 * Express backend on `createAccessTokenMiddleware` and a Hono one on `createRequestVerifier`,
 * both packages from their packed tarballs, and the tests the team writes (Vitest + Testing
 * Library on `/testing`). auth-react's React Router example is copied in verbatim and
 * type-checked with it. The same app runs in a browser against the dev platform in
 * e2e/tests/subsiteTeamApp.spec.ts.
 */
describe('a sub-site team’s app: React Router 7, Express and Hono on the packed packages', () => {
  let project: ConsumerProject
  beforeAll(async () => {
    project = await createConsumerProject('team-app', {
      template: 'team-app',
      type: 'module',
      authReact: true,
      dependencies: [
        'react',
        'react-dom',
        'react-router',
        '@types/react',
        '@types/react-dom',
        'vite',
        '@vitejs/plugin-react',
        '@types/node',
        'express',
        '@types/express',
        'hono',
        'vitest',
        '@testing-library/react',
        '@testing-library/dom',
        'happy-dom',
      ],
      aliases: typescriptAliases(),
      files: { 'src/ReadmeRouter.tsx': readmeCodeBlock(REACT_README, 'react-router') },
    })
  })

  const bin = (file: string) => join(project.dir, 'node_modules', file)
  const vite = async (...args: string[]) => {
    const started = performance.now()
    await project.nodeWith(TEAM_APP_ENV, bin('vite/bin/vite.js'), ...args)
    logTime(`vite ${args.join(' ')} (team-app)`, started)
  }

  it.each(TYPESCRIPT_VERSIONS)(
    'type-checks with TypeScript %s: pages, routes, tests, both backends and the README’s router example',
    async (version) => {
      for (const config of ['tsconfig.app.json', 'tsconfig.node.json', 'tsconfig.server.json']) {
        const started = performance.now()
        await project.tscOf(typescriptAlias(version), '-p', config)
        logTime(`tsc ${version} -p ${config} (team-app)`, started)
      }
    },
  )

  it('builds the pages with vite: the session and the router guard inside, no server code', async () => {
    await vite('build', '--logLevel', 'error')
    const assets = join(project.dir, 'dist/assets')
    const bundle = readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(assets, file), 'utf8'))
      .join('\n')
    expect(bundle).toContain('post_login_path')
    expect(bundle).toContain('http://localhost:4010')
    expect(bundle).not.toMatch(/\brequire\(["']/)
    expect(bundle).not.toContain('JWSSignatureVerificationFailed')
    expect(bundle).not.toContain('cross_site_request')
  })

  it('the backends answer as RFC 6750 says: Express (Bearer, cookie, CSRF rule) and Hono', async () => {
    await vite('build', '--config', 'vite.server.config.ts', '--logLevel', 'error')
    const { stdout } = await project.node('dist-server/check.js')
    const challenge = 'Bearer error="invalid_token"'
    expect(lastJsonLine(stdout)).toEqual({
      express: {
        bearer: [200, 'pat@example.com', null],
        cookie: [200, 'pat@example.com', null],
        noToken: [401, 'no_token', 'Bearer'],
        otherScope: [
          403,
          'insufficient_scope',
          'Bearer error="insufficient_scope", scope="coverage:get"',
        ],
        expired: [401, 'expired', expect.stringContaining(challenge)],
        cookieWriteFromSite: [200, 'pat@example.com', null],
        cookieWriteCrossSite: [403, 'cross_site_request', null],
      },
      hono: {
        bearer: [200, 'pat@example.com', null],
        noToken: [401, 'no_token', 'Bearer'],
        forged: [401, 'invalid_signature', expect.stringContaining(challenge)],
      },
    })
  })

  it('the team’s own tests pass (Vitest + Testing Library on /testing, a relative-URL fetch)', async () => {
    const started = performance.now()
    const report = join(project.dir, 'vitest-report.json')
    await project
      .node(bin('vitest/vitest.mjs'), 'run', '--reporter=json', `--outputFile=${report}`)
      .catch((error: unknown) => error)
    logTime('vitest run (team-app)', started)
    const results = JSON.parse(readFileSync(report, 'utf8')) as {
      numTotalTests: number
      numPassedTests: number
      testResults: {
        assertionResults: { title: string; status: string; failureMessages: string[] }[]
      }[]
    }
    const tests = results.testResults.flatMap((file) => file.assertionResults)
    console.log(`team-app tests: ${results.numPassedTests} of ${results.numTotalTests} passed`)
    expect(tests.filter((test) => test.status !== 'passed')).toEqual([])
    expect(results.numPassedTests).toBe(5)
  })
})
