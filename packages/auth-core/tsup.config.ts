import { defineConfig } from 'tsup'

export default defineConfig({
  entry: { index: 'src/index.ts', session: 'src/session/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
  target: 'es2022',
})
