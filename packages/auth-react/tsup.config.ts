import { defineConfig } from 'tsup'

// ESM (dist/*.js + *.d.ts) and CommonJS (dist/*.cjs + *.d.cts). react, react-router and auth-core
// stay imports (peers and dependency): a sub-site's bundle holds one copy of each. With splitting,
// the entries share one copy of the provider's context (the router entry's <RequireSession> reads
// the provider of the main entry).
export default defineConfig({
  entry: { index: 'src/index.ts', testing: 'src/testing/index.ts', router: 'src/router/index.ts' },
  format: ['esm', 'cjs'],
  tsconfig: 'tsconfig.build.json',
  dts: true,
  splitting: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
  target: 'es2022',
})
