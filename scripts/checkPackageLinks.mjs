#!/usr/bin/env node
/**
 * Every relative link in the Markdown files of a packed package must point at a file that ships
 * in the same tarball: a README read on the registry, in node_modules or in the TypeDoc pages
 * must not send a sub-site team to a file that only exists in this repository.
 *
 *   node scripts/checkPackageLinks.mjs path/to/package.tgz [more.tgz ...]
 *
 * Checked: inline links and images `[text](target)` and reference definitions `[id]: target`
 * outside fenced code blocks and inline code. Skipped: absolute URLs (`https:`, `mailto:`, …).
 * A target may name a file or a folder that holds shipped files; a link leaving the package
 * (`../`) fails. An `#anchor` into a Markdown file (the same page or another) must name one of
 * its headings, as GitHub and the registry make them (`## The session API` → `#the-session-api`).
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

/** The anchors of the headings of `markdown`, as GitHub slugs them (repeats get `-1`, `-2`, …). */
function anchorsOf(markdown) {
  const seen = new Map()
  const anchors = new Set()
  for (const line of proseOfHeadings(markdown)) {
    const base = line
      .replace(/^#+\s*/, '')
      .replace(/`/g, '')
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    anchors.add(count === 0 ? base : `${base}-${count}`)
  }
  return anchors
}

/** The ATX headings of `markdown` outside fenced code blocks. */
function proseOfHeadings(markdown) {
  let fence = null
  const headings = []
  for (const line of markdown.split('\n')) {
    const opener = /^\s*(`{3,}|~{3,})/.exec(line)
    if (fence === null && opener) fence = opener[1]
    else if (fence !== null && line.trim().startsWith(fence)) fence = null
    else if (fence === null && /^#{1,6}\s/.test(line)) headings.push(line)
  }
  return headings
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
  const markdownFiles = entries.filter((entry) => entry.endsWith('.md'))
  const markdownOf = new Map(
    markdownFiles.map((file) => [
      file,
      execFileSync('tar', ['-xzOf', tarball, file], { encoding: 'utf8' }),
    ]),
  )
  for (const [file, markdown] of markdownOf) {
    for (const { line, target } of linksOf(markdown)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue
      checked += 1
      const [pathPart = '', anchor] = target.replace(/\?[^#]*/, '').split('#')
      const path = decodeURIComponent(pathPart)
      const resolved = path === '' ? file : posix.normalize(posix.join(posix.dirname(file), path))
      const root = file.split('/')[0]
      if (!resolved.startsWith(`${root}/`) || !isShipped(resolved))
        broken.push(`${tarball}: ${file}:${line}: ${target} (not in the package)`)
      else if (
        anchor !== undefined &&
        markdownOf.has(resolved) &&
        !anchorsOf(markdownOf.get(resolved)).has(decodeURIComponent(anchor))
      )
        broken.push(`${tarball}: ${file}:${line}: ${target} (no such heading)`)
    }
  }
}

if (broken.length > 0) {
  console.error(`Broken links in the packages' Markdown:\n${broken.join('\n')}`)
  process.exit(1)
}
console.log(`${checked} relative links in the packages' Markdown, each to a file that ships`)
