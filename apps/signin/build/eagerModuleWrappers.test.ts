/**
 * The module wrappers as Rolldown renders them (before minification), rewritten as function
 * expressions that behave the same; scripts/checkDist.mjs checks the built chunks.
 */
import { describe, expect, it } from 'vitest'
import { functionWrappers } from './eagerModuleWrappers'

/** Two CommonJS modules, one requiring the other, in Rolldown's output form. */
const CHUNK = [
  'var __commonJSMin = (cb, mod) => () => (mod || (cb((mod = { exports: {} }).exports, mod), cb = null), mod.exports);',
  'var require_a = /* @__PURE__ */ __commonJSMin(((exports) => {',
  '\texports.answer = 42;',
  '}));',
  'var require_b = /* @__PURE__ */ __commonJSMin(((exports, module) => {',
  '\tmodule.exports = { answer: require_a().answer, self: this };',
  '}));',
  'const other = ((value) => { return value });',
].join('\n')

describe('functionWrappers', () => {
  it('writes each CommonJS module wrapper as a parenthesized function, and nothing else', () => {
    const code = functionWrappers(CHUNK)?.toString()
    expect(code?.split('\n')).toEqual([
      'var __commonJSMin = (cb, mod) => () => (mod || (cb((mod = { exports: {} }).exports, mod), cb = null), mod.exports);',
      'var require_a = /* @__PURE__ */ __commonJSMin((function(exports) {',
      '\texports.answer = 42;',
      '}));',
      'var require_b = /* @__PURE__ */ __commonJSMin((function(exports, module) {',
      '\tmodule.exports = { answer: require_a().answer, self: this };',
      '}));',
      'const other = ((value) => { return value });',
    ])
  })

  it('the modules behave as before: the same exports, `this` undefined in strict code', () => {
    const run = (code: string) => new Function(`'use strict';\n${code}\nreturn require_b()`)()
    expect(run(functionWrappers(CHUNK)!.toString())).toEqual(run(CHUNK))
    expect(run(functionWrappers(CHUNK)!.toString())).toEqual({ answer: 42, self: undefined })
  })

  it('maps the modules’ code to where it was (the source maps Sentry reads stay true)', () => {
    const { mappings } = functionWrappers(CHUNK)!.generateDecodedMap({ hires: 'boundary' })
    // [generated column, source, original line, original column] of the segment at `column`.
    const at = (line: number, column: number) =>
      mappings[line]?.find((segment) => segment[0] === column)?.slice(2)
    expect(mappings).toHaveLength(CHUNK.split('\n').length)
    expect(at(5, 1)).toEqual([5, 1]) // module.exports = …
    expect(at(4, 0)).toEqual([4, 0]) // var require_b …
    expect(at(7, 0)).toEqual([7, 0])
  })

  it('leaves a chunk without CommonJS modules alone', () => {
    expect(functionWrappers('export const f = ((x) => x + 1);')).toBeNull()
  })
})
