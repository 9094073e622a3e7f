/**
 * Bundles the sub-site's page script (`client/subsiteClient.ts` with `@mapping-platform/auth-core/session`) once per
 * process, in memory, with esbuild's API: no build step before `start`, no file written. auth-core
 * is bundled from its TypeScript source, as the sign-in app's Vite build does, so a fresh checkout
 * needs no `pnpm build` either.
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

const ENTRY = fileURLToPath(new URL('./client/subsiteClient.ts', import.meta.url))

/** `@mapping-platform/auth-core/session`'s source, found through the workspace dependency. */
function authCoreSessionSource(): string {
  const manifest = createRequire(import.meta.url).resolve(
    '@mapping-platform/auth-core/package.json',
  )
  return join(dirname(manifest), 'src', 'session', 'index.ts')
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
      alias: { '@mapping-platform/auth-core/session': authCoreSessionSource() },
    })
    const code = result.outputFiles[0]?.text ?? ''
    return { code, ms: Math.round(performance.now() - started) }
  })()
  bundled.catch(() => {
    bundled = null
  })
  return bundled
}
