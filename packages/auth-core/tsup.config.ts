import { defineConfig, type Options } from 'tsup'

const shared: Options = {
  entry: {
    index: 'src/index.ts',
    session: 'src/session/index.ts',
    messages: 'src/messages/index.ts',
    server: 'src/server/index.ts',
    testing: 'src/testing/index.ts',
  },
  // Shared chunks for both formats (tsup splits ESM by default, CJS only when asked), so the two
  // entry points carry one AuthError class; scripts/checkDist.mjs checks it after every build.
  splitting: true,
  sourcemap: true,
  // `pnpm build` empties dist/ first: the two configs below run at the same time, so neither may
  // clean the folder the other one writes into.
  clean: false,
  treeshake: true,
  target: 'es2022',
}

export default defineConfig([
  // ESM (`import`): dist/*.js + dist/*.d.ts; oauth4webapi, jose and valibot stay dependencies.
  { ...shared, format: ['esm'], dts: true },
  // CommonJS (`require`): dist/*.cjs + dist/*.d.cts. oauth4webapi and jose (the server entry's)
  // are ESM only, and `require()` of an ES module works only from Node 20.19 / 22.12 on; so the
  // CommonJS build carries its own copy of their code and runs on every Node the package claims,
  // with no `require(esm)`. valibot ships CommonJS of its own and stays external.
  {
    ...shared,
    format: ['cjs'],
    noExternal: ['oauth4webapi', 'jose'],
    dts: true,
  },
])
