import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { createConsumerProject, lastJsonLine } from './consumerProject'
import type { ConsumerProject } from './consumerProject'
import { SUB_SITE_SCENARIO } from './subSiteScenario'

/**
 * One TypeScript project per module resolution a sub-site may use. Each type-checks
 * templates/typescript/scenario.ts strictly and WITHOUT skipLibCheck (the package's .d.ts/.d.cts
 * files are checked too), emits it, and runs the output with Node.
 */
const variants = [
  {
    name: 'bundler',
    type: 'module',
    compilerOptions: { module: 'esnext', moduleResolution: 'bundler' },
    declarations: 'd.ts',
  },
  {
    name: 'node16-esm',
    type: 'module',
    compilerOptions: { module: 'node16', moduleResolution: 'node16' },
    declarations: 'd.ts',
  },
  {
    name: 'node16-cjs',
    type: 'commonjs',
    compilerOptions: { module: 'node16', moduleResolution: 'node16' },
    declarations: 'd.cts',
  },
  {
    name: 'node10',
    type: 'commonjs',
    compilerOptions: { module: 'commonjs', moduleResolution: 'node10' },
    declarations: 'd.cts',
  },
] as const

describe.each(variants)(
  'TypeScript, moduleResolution $name',
  ({ name, type, compilerOptions, declarations }) => {
    let project: ConsumerProject
    beforeAll(async () => {
      project = await createConsumerProject(`ts-${name}`, {
        template: 'typescript',
        type,
        dependencies: ['typescript', '@types/node'],
      })
      const tsconfig = {
        compilerOptions: {
          ...compilerOptions,
          target: 'es2022',
          lib: ['es2022'],
          types: ['node'],
          strict: true,
          skipLibCheck: false,
          outDir: 'out',
          rootDir: '.',
        },
        files: ['scenario.ts'],
      }
      writeFileSync(join(project.dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2))
    })

    it(`type-checks against the package's .${declarations} files (no skipLibCheck) and runs`, async () => {
      const { stdout: files } = await project.tsc('-p', '.', '--listFiles')
      const own = files.split('\n').filter((file) => file.includes('@mapping-platform/auth-core'))
      expect(own.some((file) => file.endsWith(`/dist/index.${declarations}`))).toBe(true)
      expect(own.some((file) => file.endsWith(`/dist/session.${declarations}`))).toBe(true)
      expect(own.some((file) => file.endsWith(`/dist/messages.${declarations}`))).toBe(true)
      const { stdout } = await project.node('out/scenario.js')
      expect(lastJsonLine(stdout)).toEqual(SUB_SITE_SCENARIO)
    })
  },
)
