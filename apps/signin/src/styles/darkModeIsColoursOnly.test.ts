/**
 * Dark mode changes colours and nothing else. The dev-mode axe check relies on it: it runs every
 * rule in light and only the colour rules in dark (`e2e/support/axe.ts`), which proves the same
 * only while the DOM, sizes and spacing cannot differ between the two schemes.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = join(import.meta.dirname, '..')
const STYLES = import.meta.dirname

/** Every file under `dir` (recursively) whose name ends with one of `endings`. */
function filesUnder(dir: string, endings: readonly string[]): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && endings.some((ending) => entry.name.endsWith(ending)))
    .map((entry) => join(entry.parentPath, entry.name))
}

/** The `name: value` declarations of the first `selector { … }` block in `css`. */
function declarationsOf(css: string): Map<string, string> {
  return new Map(
    [...css.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((match) => [match[1]!, match[2]!.trim()]),
  )
}

/** A colour, or a shadow made of lengths and colours. */
const COLOURISH = /^(#[0-9a-f]{3,8}|(rgb|hsl)a?\([^)]*\)|[\d\s.px-]*(rgb|hsl)a?\(.*\))$/i

describe('dark mode', () => {
  const css = filesUnder(STYLES, ['.css']).map((file) => readFileSync(file, 'utf8'))
  const darkBlocks = css.flatMap((text) =>
    [
      ...text.matchAll(
        /@media\s*\(prefers-color-scheme:\s*dark\)\s*\{\s*:root\s*\{([^}]*)\}\s*\}/g,
      ),
    ].map((match) => match[1]!),
  )

  it('is one block of custom properties on :root, each a colour or a shadow the light scheme also sets', () => {
    const mentions = css.join('\n').match(/prefers-color-scheme/g) ?? []
    expect(darkBlocks).toHaveLength(1)
    // No other rule in any stylesheet depends on the scheme.
    expect(mentions).toHaveLength(1)
    const dark = darkBlocks[0]!
    // Nothing but custom properties inside it.
    expect(dark.replace(/--[\w-]+\s*:\s*[^;]+;/g, '').trim()).toBe('')
    const light = declarationsOf(
      readFileSync(join(STYLES, 'tokens.css'), 'utf8').split('@media')[0]!,
    )
    const overridden = [...declarationsOf(dark)]
    expect(overridden.length).toBeGreaterThan(10)
    for (const [name, value] of overridden) {
      expect({ name, light: light.has(name) }).toEqual({ name, light: true })
      expect({ name, value, colourish: COLOURISH.test(value) }).toMatchObject({ colourish: true })
      expect({
        name,
        light: light.get(name),
        colourish: COLOURISH.test(light.get(name)!),
      }).toMatchObject({
        colourish: true,
      })
    }
  })

  it('is never read by the code: no script asks for the colour scheme', () => {
    const scripts = filesUnder(SRC, ['.ts', '.tsx']).filter((file) => !file.endsWith('.test.ts'))
    expect(scripts.length).toBeGreaterThan(20)
    for (const file of scripts)
      expect({
        file,
        reads: /prefers-color-scheme|colorScheme/.test(readFileSync(file, 'utf8')),
      }).toEqual({
        file,
        reads: false,
      })
  })
})
