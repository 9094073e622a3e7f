/**
 * Bundles the sub-site's page script (the React app `client/main.tsx` on
 * `@mapping-platform/auth-react`) once per process, in memory, with esbuild's API: no build step
 * before `start`, no file written. auth-react and auth-core are bundled from their TypeScript
 * source, as the sign-in app's Vite build does, so a fresh checkout needs no `pnpm build` either.
 * @see https://esbuild.github.io/api/#build
 */
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

/** The bundled script and what bundling it cost. */
export interface SubsiteBundle {
  readonly code: string
  /** Wall-clock milliseconds esbuild took (start-up cost; the banner reports it). */
  readonly ms: number
}

const ENTRY = fileURLToPath(new URL('./client/main.tsx', import.meta.url))

/** A workspace package's source file, found through the workspace dependency. */
function workspaceSource(name: string, ...path: string[]): string {
  const manifest = createRequire(import.meta.url).resolve(`${name}/package.json`)
  return join(dirname(manifest), 'src', ...path)
}

let bundled: Promise<SubsiteBundle> | null = null

/**
 * The page script as one minified ES module for current browsers. Memoized: every platform
 * started in this process (tests start many) shares the first bundle.
 * @throws the esbuild failure (a syntax or resolution error names file and line).
 */
export function bundleSubsiteClient(): Promise<SubsiteBundle> {
  bundled ??= (async () => {
    const started = performance.now()
    const result = await build({
      entryPoints: [ENTRY],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      write: false,
      legalComments: 'none',
      logLevel: 'silent',
      jsx: 'automatic',
      // React's production build (no development checks, a fraction of the size).
      define: { 'process.env.NODE_ENV': '"production"' },
      alias: {
        '@mapping-platform/auth-core/session': workspaceSource(
          '@mapping-platform/auth-core',
          'session',
          'index.ts',
        ),
        '@mapping-platform/auth-react': workspaceSource('@mapping-platform/auth-react', 'index.ts'),
      },
    })
    const code = result.outputFiles[0]?.text ?? ''
    return { code, ms: Math.round(performance.now() - started) }
  })()
  bundled.catch(() => {
    bundled = null
  })
  return bundled
}
