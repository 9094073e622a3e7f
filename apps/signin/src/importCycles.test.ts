/**
 * No value import cycle among the page's modules: a module that needs a value of another (static
 * `import`/`export … from`, or a lazy `import()`) must not be needed back, or the order the
 * bundler evaluates them in decides what each sees. Type-only imports are erased and do not
 * count. Read with TypeScript's own parser, so multi-line and `import type` forms are exact.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const SRC = dirname(fileURLToPath(import.meta.url))

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** The relative modules `file` needs a value of, resolved to files of `files`. */
function valueImports(file: string, files: ReadonlySet<string>): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
  const specifiers: string[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
      const named = node.importClause?.namedBindings
      const onlyTypes =
        node.importClause !== undefined &&
        node.importClause.name === undefined &&
        named !== undefined &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((element) => element.isTypeOnly)
      if (!onlyTypes && ts.isStringLiteral(node.moduleSpecifier))
        specifiers.push(node.moduleSpecifier.text)
    } else if (
      ts.isExportDeclaration(node) &&
      !node.isTypeOnly &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      specifiers.push(node.moduleSpecifier.text)
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .flatMap((specifier) => {
      const base = resolve(dirname(file), specifier)
      const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((path) =>
        files.has(path),
      )
      return found === undefined ? [] : [found]
    })
}

/** Every cycle of the graph, each once, as the files around it. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const found: string[][] = []
  const done = new Set<string>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const walk = (file: string): void => {
    stack.push(file)
    onStack.add(file)
    for (const next of graph.get(file) ?? []) {
      if (onStack.has(next)) found.push([...stack.slice(stack.indexOf(next)), next])
      else if (!done.has(next)) walk(next)
    }
    stack.pop()
    onStack.delete(file)
    done.add(file)
  }
  for (const file of graph.keys()) if (!done.has(file)) walk(file)
  return found
}

describe("the page's import graph", () => {
  it('has no value cycle', () => {
    const files = new Set(sourceFiles(SRC))
    const graph = new Map([...files].map((file) => [file, valueImports(file, files)]))
    const named = cycles(graph).map((cycle) => cycle.map((file) => relative(SRC, file)).join(' → '))
    expect(named).toEqual([])
  })
})
