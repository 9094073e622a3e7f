import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  createConsumerProject,
  logTime,
  TYPESCRIPT_VERSIONS,
  typescriptAlias,
  typescriptAliases,
} from './consumerProject'
import type { ConsumerProject } from './consumerProject'

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const jwt = (claims: Record<string, unknown>) =>
  `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.${part('signature')}`

describe('a Vite + React 19 sub-site on /session', () => {
  let project: ConsumerProject
  beforeAll(async () => {
    project = await createConsumerProject('vite-react', {
      template: 'vite-react',
      type: 'module',
      dependencies: [
        'react',
        'react-dom',
        'vite',
        '@vitejs/plugin-react',
        '@types/react',
        '@types/react-dom',
        '@types/node',
      ],
      // Every TypeScript release side by side: one install for the three compilers.
      aliases: typescriptAliases(),
    })
  })

  const vite = (...args: string[]) =>
    project.node(join(project.dir, 'node_modules/vite/bin/vite.js'), ...args)

  it.each(TYPESCRIPT_VERSIONS)(
    'type-checks with TypeScript %s (strict, no skipLibCheck)',
    async (version) => {
      const started = performance.now()
      await project.tscOf(typescriptAlias(version), '-p', '.')
      logTime(`tsc ${version} (vite-react)`, started)
    },
  )

  it('builds for the browser', async () => {
    await vite('build', '--logLevel', 'error')
    expect(existsSync(join(project.dir, 'dist/index.html'))).toBe(true)
    const assets = readdirSync(join(project.dir, 'dist/assets')).filter((f) => f.endsWith('.js'))
    const bundle = assets
      .map((file) => readFileSync(join(project.dir, 'dist/assets', file), 'utf8'))
      .join('\n')
    // The session code is in the bundle (its lock name), and no CommonJS leaked into it.
    expect(bundle).toContain('platform-session-refresh')
    expect(bundle).not.toMatch(/\brequire\(["']/)
  })

  it('renders who is signed in from the cookies through readSession, and a sign-in button without them', async () => {
    await vite('build', '--ssr', 'src/server.tsx', '--outDir', 'dist-server', '--logLevel', 'error')
    const exp = Math.floor(Date.now() / 1000) + 3600
    const token = jwt({ sub: '00u1', email: 'pat@example.com', exp })
    const signedIn = await project.node(
      'dist-server/server.js',
      `access_token=${token}; refresh_token=r1`,
    )
    expect(signedIn.stdout).toContain('data-status="signedIn"')
    expect(signedIn.stdout).toContain('Signed in as <!-- -->pat@example.com')
    const signedOut = await project.node('dist-server/server.js', '')
    expect(signedOut.stdout).toContain('data-status="signedOut"')
    expect(signedOut.stdout).toContain('Sign in</button>')
  })
})
