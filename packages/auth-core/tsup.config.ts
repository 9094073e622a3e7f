import { defineConfig } from 'tsup'

export default defineConfig({
  entry: { index: 'src/index.ts', session: 'src/session/index.ts' },
  format: ['esm', 'cjs'],
  // Shared chunks for both formats (tsup splits ESM by default, CJS only when asked), so the two
  // entry points carry one AuthError class; scripts/checkDist.mjs checks it after every build.
  splitting: true,
  dts: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
  target: 'es2022',
})
