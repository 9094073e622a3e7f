/**
 * The flow table (src/flow/flowTable.ts) as the README shows it, between its two markers.
 *
 *   tsx scripts/flowTableReadme.ts check    fails, printing both, when the README's copy is stale
 *   tsx scripts/flowTableReadme.ts update   rewrites the README's copy
 *
 * `pnpm api:check` runs the check, so the README cannot drift from the table the reducer is
 * tested against, as the API reports cannot drift from the declarations.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { FLOW_TABLE } from '../src/flow/flowTable'

const START = '<!-- flow-table:start (generated from src/flow/flowTable.ts: pnpm flow:update) -->'
const END = '<!-- flow-table:end -->'
const README = new URL('../README.md', import.meta.url)

const code = (names: readonly string[]): string => names.map((name) => `\`${name}\``).join(', ')

/** The table in Markdown, one row per step, kept out of Prettier's reach by its own markers. */
function renderFlowTable(): string {
  const rows = Object.entries(FLOW_TABLE).map(
    ([step, row]) => `| \`${step}\` | ${code(row.handles)} | ${code(row.leadsTo)} |`,
  )
  return [
    START,
    '<!-- prettier-ignore-start -->',
    '| Step | Events it handles | Steps it may lead to |',
    '| --- | --- | --- |',
    ...rows,
    '<!-- prettier-ignore-end -->',
    END,
  ].join('\n')
}

const mode = process.argv[2]
if (mode !== 'check' && mode !== 'update') {
  console.error('usage: tsx scripts/flowTableReadme.ts check|update')
  process.exit(2)
}
const readme = readFileSync(README, 'utf8')
const from = readme.indexOf(START)
const to = readme.indexOf(END)
if (from < 0 || to < from) {
  console.error(`README.md: the markers ${START} … ${END} are missing`)
  process.exit(1)
}
const current = readme.slice(from, to + END.length)
const fresh = renderFlowTable()
if (mode === 'update') {
  writeFileSync(README, readme.slice(0, from) + fresh + readme.slice(to + END.length))
} else if (current !== fresh) {
  console.error('README.md: the flow table is out of date with src/flow/flowTable.ts.')
  console.error(`In the README:\n${current}\n\nFrom the table:\n${fresh}`)
  console.error('Run pnpm flow:update in packages/auth-core and commit the README.')
  process.exit(1)
}
