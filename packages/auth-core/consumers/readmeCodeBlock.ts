import { readFileSync } from 'node:fs'

/**
 * The code of the fenced block that follows the marker `<!-- consumer-test: <name> -->` in a
 * README, exactly as written there (the consumer tests compile and run it VERBATIM, so a README
 * example that stops compiling fails the tests). Any package's README may carry markers: e.g.
 * `readmeCodeBlock(resolve(packageDir, 'README.md'), 'session-quick-start')`.
 *
 * @throws Error when the marker is missing, appears twice, or no fenced block follows it.
 */
export function readmeCodeBlock(readmePath: string, name: string): string {
  const readme = readFileSync(readmePath, 'utf8')
  const marker = `<!-- consumer-test: ${name} -->`
  const at = readme.indexOf(marker)
  if (at === -1 || readme.indexOf(marker, at + 1) !== -1)
    throw new Error(`${readmePath} must hold exactly one ${marker}`)
  const block = /^\s*```[a-z]*\n([\s\S]*?)^```$/m.exec(readme.slice(at + marker.length))
  if (block?.[1] === undefined || block.index > 2)
    throw new Error(`No fenced code block right after ${marker} in ${readmePath}`)
  return block[1]
}
