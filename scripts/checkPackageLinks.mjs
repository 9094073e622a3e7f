#!/usr/bin/env node
/**
 * Every relative link in the Markdown files of a packed package must point at a file that ships
 * in the same tarball: a README read on the registry, in node_modules or in the TypeDoc pages
 * must not send a sub-site team to a file that only exists in this repository.
 *
 *   node scripts/checkPackageLinks.mjs path/to/package.tgz [more.tgz ...]
 *
 * Checked: inline links and images `[text](target)` and reference definitions `[id]: target`
 * outside fenced code blocks and inline code. Skipped: absolute URLs (`https:`, `mailto:`, …)
 * and links within the same page (`#anchor`). A target may name a file or a folder that holds
 * shipped files; its `#anchor` or `?query` is ignored. A link leaving the package (`../`) fails.
 * Exits 1 listing every broken link (file, line, target), 0 printing how many links it checked.
 */
import { execFileSync } from 'node:child_process'
import { posix } from 'node:path'

const tarballs = process.argv.slice(2)
if (tarballs.length === 0) {
  console.error('usage: node scripts/checkPackageLinks.mjs <package.tgz> [...]')
  process.exit(2)
}

/** The Markdown without fenced code blocks and inline code (each replaced by blanks, lines kept). */
function proseOf(markdown) {
  let fence = null
  return markdown
    .split('\n')
    .map((line) => {
      const opener = /^\s*(`{3,}|~{3,})/.exec(line)
      if (fence === null && opener) {
        fence = opener[1]
        return ''
      }
      if (fence !== null) {
        if (line.trim().startsWith(fence)) fence = null
        return ''
      }
      return line.replace(/(`+)[^`]*?\1/g, (code) => ' '.repeat(code.length))
    })
    .join('\n')
}

/** `{ line, target }` of every link in `markdown`. */
function linksOf(markdown) {
  const links = []
  proseOf(markdown)
    .split('\n')
    .forEach((line, index) => {
      for (const match of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
        links.push({ line: index + 1, target: match[1] })
      const definition = /^\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/.exec(line)
      if (definition) links.push({ line: index + 1, target: definition[1] })
    })
  return links
}

let checked = 0
const broken = []
for (const tarball of tarballs) {
  const entries = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((entry) => entry.replace(/^\.\//, ''))
  const shipped = new Set(entries)
  const isShipped = (path) =>
    shipped.has(path) || entries.some((entry) => entry.startsWith(`${path.replace(/\/$/, '')}/`))
  for (const file of entries.filter((entry) => entry.endsWith('.md'))) {
    const markdown = execFileSync('tar', ['-xzOf', tarball, file], { encoding: 'utf8' })
    for (const { line, target } of linksOf(markdown)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue
      checked += 1
      const path = decodeURIComponent(target.replace(/[#?].*$/, ''))
      const resolved = posix.normalize(posix.join(posix.dirname(file), path))
      const root = file.split('/')[0]
      if (!resolved.startsWith(`${root}/`) || !isShipped(resolved))
        broken.push(`${tarball}: ${file}:${line}: ${target} (not in the package)`)
    }
  }
}

if (broken.length > 0) {
  console.error(`Links to files that do not ship:\n${broken.join('\n')}`)
  process.exit(1)
}
console.log(`${checked} relative links in the packages' Markdown, each to a file that ships`)
