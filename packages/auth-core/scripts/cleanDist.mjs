// `pnpm build` starts from an empty dist/: tsup's two configs (ESM, CommonJS) run at the same
// time, so neither can clean it without deleting what the other writes; a stale chunk of an
// earlier build would otherwise be packed and published.
import { rmSync } from 'node:fs'

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true })
