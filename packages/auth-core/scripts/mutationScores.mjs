/**
 * Reads Stryker's JSON report(s) and prints the mutation score of every folder of `src`; exits 1
 * when a folder is under the bar (95 % by default, `--bar=N` to change). The score is Stryker's:
 * detected (killed + timeout) over valid (detected + survived + no coverage); compile and runtime
 * errors and ignored mutants do not count.
 *
 * Usage: node scripts/mutationScores.mjs [--bar=95] report.json [report.json ...]
 */
import { readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'

const args = process.argv.slice(2)
const bar = Number(args.find((a) => a.startsWith('--bar='))?.slice('--bar='.length) ?? 95)
const reports = args.filter((a) => !a.startsWith('--'))
if (reports.length === 0) {
  console.error('usage: node scripts/mutationScores.mjs [--bar=95] report.json [...]')
  process.exit(2)
}

const DETECTED = new Set(['Killed', 'Timeout'])
const UNDETECTED = new Set(['Survived', 'NoCoverage'])

/** @param {string} file a path as Stryker writes it (relative to the package, or absolute) */
function folderOf(file) {
  const path = relative(process.cwd(), resolve(file)).split(/[\\/]/)
  const at = path.indexOf('src')
  const rest = path.slice(at + 1)
  return rest.length > 1 ? rest[0] : '(src root)'
}

/** @type {Map<string, { detected: number, undetected: number, files: Map<string, [number, number]> }>} */
const folders = new Map()
for (const report of reports) {
  const json = JSON.parse(readFileSync(report, 'utf8'))
  for (const [file, result] of Object.entries(json.files)) {
    const folder = folderOf(file)
    const row = folders.get(folder) ?? { detected: 0, undetected: 0, files: new Map() }
    folders.set(folder, row)
    const perFile = row.files.get(file) ?? [0, 0]
    for (const mutant of result.mutants) {
      if (DETECTED.has(mutant.status)) {
        row.detected++
        perFile[0]++
      } else if (UNDETECTED.has(mutant.status)) {
        row.undetected++
        perFile[1]++
      }
    }
    row.files.set(file, perFile)
  }
}

const score = (detected, undetected) =>
  detected + undetected === 0 ? 100 : (100 * detected) / (detected + undetected)
const pct = (n) => `${n.toFixed(1).padStart(5)} %`

let failed = false
let total = [0, 0]
console.log(`folder of src        score   detected  undetected   (bar ${bar} %)`)
for (const [folder, row] of [...folders].sort(([a], [b]) => a.localeCompare(b))) {
  const s = score(row.detected, row.undetected)
  const under = s < bar
  failed ||= under
  total = [total[0] + row.detected, total[1] + row.undetected]
  console.log(
    `${folder.padEnd(18)} ${pct(s)}   ${String(row.detected).padStart(8)}  ${String(row.undetected).padStart(10)}${under ? '   UNDER THE BAR' : ''}`,
  )
  if (under) {
    for (const [file, [d, u]] of row.files) {
      if (u > 0) console.log(`    ${file}: ${pct(score(d, u))} (${u} undetected)`)
    }
  }
}
console.log(
  `${'all'.padEnd(18)} ${pct(score(total[0], total[1]))}   ${String(total[0]).padStart(8)}  ${String(total[1]).padStart(10)}`,
)
if (failed) {
  console.error(`mutation: at least one folder of src is under ${bar} %.`)
  process.exit(1)
}
