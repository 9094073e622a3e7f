import { defineConfig } from 'tsup'

// ESM (dist/*.js + *.d.ts) and CommonJS (dist/*.cjs + *.d.cts). react and auth-core stay imports
// (peer and dependency): a sub-site's bundle holds one copy of each.
export default defineConfig({
  entry: { index: 'src/index.ts', testing: 'src/testing/index.ts' },
  format: ['esm', 'cjs'],
  tsconfig: 'tsconfig.build.json',
  dts: true,
  splitting: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
  target: 'es2022',
})
