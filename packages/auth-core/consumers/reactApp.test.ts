import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  createConsumerProject,
  lastJsonLine,
  logTime,
  REACT_18_VERSIONS,
  TYPESCRIPT_VERSIONS,
  typescriptAlias,
  typescriptAliases,
} from './consumerProject'
import type { ConsumerProject } from './consumerProject'
import { readmeCodeBlock } from './readmeCodeBlock'

const README = resolve(import.meta.dirname, '../../auth-react/README.md')

/**
 * auth-react's quick start, copied verbatim into `src/QuickStart.tsx`, and `src/quickStartRoot.ts`
 * naming the component it exports (whatever its name) for the app's entries: main.tsx, the
 * server render and the page in happy-dom.
 */
function quickStartFiles(): Record<string, string> {
  const code = readmeCodeBlock(README, 'react-quick-start')
  if (/\bcreateRoot\(|\bhydrateRoot\(/.test(code))
    throw new Error('The React quick start must export its root component, not mount it itself')
  const exported = /^export default\b/m.test(code)
    ? 'default'
    : /^export (?:function|const) (\w+)/m.exec(code)?.[1]
  if (exported === undefined) throw new Error('The React quick start exports no component')
  return {
    'src/QuickStart.tsx': code,
    'src/quickStartRoot.ts': `export { ${exported} as QuickStartRoot } from './QuickStart.tsx'\n`,
  }
}

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const jwt = (claims: Record<string, unknown>) =>
  `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.${part('signature')}`

/** The text of an HTML fragment, as `textContent` reads it. */
const textOf = (html: string) => html.replace(/<[^>]*>/g, '')

/**
 * A new sub-site team's app: `npm create vite` React + TypeScript (its tsconfig.app.json and
 * tsconfig.node.json, strict, here without skipLibCheck so the packages' declarations are
 * checked), with the packed auth-core and auth-react installed by npm, once per React major:
 * every TypeScript release is installed side by side (npm aliases), so one install serves the
 * three compilers.
 */
describe.each([
  { major: 19, versions: {} },
  { major: 18, versions: REACT_18_VERSIONS },
])('a Vite + React $major sub-site on the packed auth-react', ({ major, versions }) => {
  let project: ConsumerProject
  beforeAll(async () => {
    project = await createConsumerProject(`react-${major}`, {
      template: 'react-app',
      type: 'module',
      authReact: true,
      dependencies: [
        'react',
        'react-dom',
        '@types/react',
        '@types/react-dom',
        'vite',
        '@vitejs/plugin-react',
        '@types/node',
        'happy-dom',
      ],
      versions,
      aliases: typescriptAliases(),
      files: quickStartFiles(),
    })
  })

  const vite = async (...args: string[]) => {
    const started = performance.now()
    await project.node(join(project.dir, 'node_modules/vite/bin/vite.js'), ...args)
    logTime(`vite ${args.join(' ')} (react-${major})`, started)
  }
  /** The entries built for Node once (the server render, the page, the component test). */
  let serverBuild: Promise<void> | undefined
  const run = async (entry: string, ...args: string[]) => {
    serverBuild ??= vite('build', '--config', 'vite.server.config.ts', '--logLevel', 'error')
    await serverBuild
    return lastJsonLine((await project.node(`dist-server/${entry}.js`, ...args)).stdout)
  }

  it.each(TYPESCRIPT_VERSIONS)(
    'type-checks with TypeScript %s: the quick start verbatim, the entries, the /testing test, vite.config.ts',
    async (version) => {
      for (const config of ['tsconfig.app.json', 'tsconfig.node.json']) {
        const started = performance.now()
        await project.tscOf(typescriptAlias(version), '-p', config)
        logTime(`tsc ${version} -p ${config} (react-${major})`, started)
      }
    },
  )

  it('builds for the browser with vite: the session inside, no CommonJS, no server entry', async () => {
    await vite('build', '--logLevel', 'error')
    const assets = join(project.dir, 'dist/assets')
    const bundle = readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(assets, file), 'utf8'))
      .join('\n')
    expect(bundle).toContain('platform-session-refresh')
    expect(bundle).toContain('post_login_redirect')
    expect(bundle).not.toMatch(/\brequire\(["']/)
    // jose (the server entry's verification) stays out of a page.
    expect(bundle).not.toContain('JWSSignatureVerificationFailed')
  })

  let signedInText = ''
  it('in a page with a session, the quick start shows who is signed in and goes nowhere', async () => {
    const exp = Math.floor(Date.now() / 1000) + 3600
    const token = jwt({ sub: 'pat@example.com', email: 'pat@example.com', exp })
    const page = await run(
      'browser',
      `access_token=${token}; Domain=.example.com; Path=/; Secure`,
      'refresh_token=r1; Domain=.example.com; Path=/; Secure',
    )
    expect(page.navigations).toEqual([])
    expect(page.text).toContain('pat@example.com')
    // At most the person's name from the identity provider (answered 503 here), nothing else.
    expect(page.requests).toEqual(
      (page.requests as string[]).map(() => 'https://login.example.com/oauth2/default/v1/userinfo'),
    )
    signedInText = String(page.text)
  })

  it('in a page without a session, the quick start sends the person to sign in once, for this sub-site', async () => {
    const page = await run('browser')
    expect(page.navigations).toEqual(['https://signin.example.com/'])
    expect(page.requests).toEqual([])
    expect(page.cookies).toContain('post_login_redirect=citystream')
    expect(page.text).not.toContain('pat@example.com')
  })

  it('renders on the server (Node, no window) as a page without a session does before it leaves', async () => {
    const server = await run('server')
    expect(server.window).toBe('undefined')
    const page = await run('browser')
    expect(textOf(String(server.html))).toBe(page.text)
    expect(signedInText).not.toBe('')
    expect(textOf(String(server.html))).not.toBe(signedInText)
  })

  it('renders components signed in and signed out with @mapping-platform/auth-react/testing', async () => {
    expect(await run('testing')).toEqual({
      signedIn: 'Hello Grace HopperYour maps',
      signedOut: 'Signed out (signedOut)Loading',
      signedOutText: 'Signed out (signedOut)Loading',
      redirects: [{ subSite: 'citystream', returnPath: '/maps' }],
      afterSignIn: 'Hello AdaYour maps',
      navigations: [],
    })
  })
})
