import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { eagerModuleWrappers } from './build/eagerModuleWrappers.ts'
import { firstPaint } from './build/firstPaint.ts'
import { preloadViews } from './build/preloadViews.ts'
import { prerenderEmailStep } from './build/prerenderPlugin.ts'
import { requireAllowedSubsites } from './build/requireAllowedSubsites.ts'
import { scriptsAfterFirstFrame } from './build/scriptsAfterFirstFrame.ts'
import { subresourceIntegrity } from './build/subresourceIntegrity.ts'

/** auth-core is consumed as source: no build step, and the bundler tree-shakes it per export. */
const authCore = (path: string) =>
  decodeURIComponent(new URL(`../../packages/auth-core/src/${path}`, import.meta.url).pathname)

/** Its entry points, as the package exports them (`/messages`: the translated texts, lazily). */
export const authCoreAliases = [
  { find: /^@mapping-platform\/auth-core\/messages$/, replacement: authCore('messages/index.ts') },
  { find: /^@mapping-platform\/auth-core$/, replacement: authCore('index.ts') },
]

export default defineConfig({
  // requireAllowedSubsites first: a production build without the list stops before anything is
  // built. firstPaint, scriptsAfterFirstFrame and preloadViews (into its template) before
  // prerenderEmailStep (the language variants are made from their page, and put their preloads
  // into its template of scripts);
  // subresourceIntegrity last: it hashes the files as written, after every other plugin
  // (eagerModuleWrappers, after it in this list, changes chunks as they are rendered, before).
  plugins: [
    requireAllowedSubsites(),
    react(),
    firstPaint(),
    scriptsAfterFirstFrame(),
    preloadViews(),
    prerenderEmailStep(),
    subresourceIntegrity(),
    eagerModuleWrappers(),
  ],
  resolve: { alias: authCoreAliases },
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true },
  build: {
    target: 'es2022',
    // The polyfill would be injected into the entry; every browser we support has modulepreload.
    modulePreload: { polyfill: false },
    // Every asset is a file under /assets/: nothing inlined as data: URLs (strict CSP, no surprises).
    assetsInlineLimit: 0,
    // Source maps for error reporting, not referenced from the bundle.
    sourcemap: 'hidden',
    reportCompressedSize: true,
    // .vite/manifest.json: what scripts/checkDist.mjs measures the first visit from (not served:
    // deploy/nginx.conf answers 404 under /.vite/).
    manifest: true,
    rolldownOptions: {
      output: {
        // The first load is one chunk: every module the entry imports statically, even those the
        // lazy chunks share (Rolldown would otherwise split them off as chunks of their own, each
        // a request on the critical path).
        // The views (React and the steps, `src/startApp.tsx`, which the entry imports once the flow
        // has started) are one chunk too, preloaded beside the entry (build/preloadViews.ts).
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            { name: 'views', test: /[\\/]src[\\/]startApp\.tsx$/ },
          ],
        },
      },
    },
  },
})
