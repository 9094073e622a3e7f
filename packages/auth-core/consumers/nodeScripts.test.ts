import { beforeAll, describe, expect, it } from 'vitest'
import { createConsumerProject, lastJsonLine } from './consumerProject'
import type { ConsumerProject } from './consumerProject'
import { SUB_SITE_SCENARIO } from './subSiteScenario'
import { MESSAGES_SCENARIO } from './messagesScenario'

describe('a Node ESM script (plain JavaScript, "type": "module")', () => {
  let project: ConsumerProject
  beforeAll(async () => {
    project = await createConsumerProject('node-esm', {
      template: 'node',
      type: 'module',
      dependencies: [],
    })
  })

  it('imports both entry points from the ESM build and runs the sub-site scenario', async () => {
    const { stdout } = await project.node('scenario.mjs')
    expect(lastJsonLine(stdout)).toEqual(SUB_SITE_SCENARIO)
  })

  it('imports the messages entry point and shows an error in the language the person chose', async () => {
    const { stdout } = await project.node('messages.mjs')
    expect(lastJsonLine(stdout)).toEqual(MESSAGES_SCENARIO)
  })

  it('resolves each entry point to its ESM file', async () => {
    const { stdout } = await project.node(
      '--input-type=module',
      '-e',
      "console.log(import.meta.resolve('@mapping-platform/auth-core'), import.meta.resolve('@mapping-platform/auth-core/session'))",
    )
    expect(stdout).toMatch(/auth-core\/dist\/index\.js .*auth-core\/dist\/session\.js/)
  })
})

describe('a Node CommonJS script (plain JavaScript, require)', () => {
  let project: ConsumerProject
  beforeAll(async () => {
    project = await createConsumerProject('node-cjs', {
      template: 'node',
      type: 'commonjs',
      dependencies: [],
    })
  })

  it('requires both entry points from the CommonJS build and runs the sub-site scenario', async () => {
    const { stdout } = await project.node('scenario.cjs')
    expect(lastJsonLine(stdout)).toEqual(SUB_SITE_SCENARIO)
  })

  it('requires the messages entry point and loads a language chunk without require(esm)', async () => {
    const { stdout } = await project.node('--no-experimental-require-module', 'messages.cjs')
    expect(lastJsonLine(stdout)).toEqual(MESSAGES_SCENARIO)
  })

  it('runs without require(esm), as on a Node where require() cannot load ES modules', async () => {
    // The CommonJS build carries its own oauth4webapi (ESM only), so it never require()s an ES module.
    const { stdout } = await project.node('--no-experimental-require-module', 'scenario.cjs')
    expect(lastJsonLine(stdout)).toEqual(SUB_SITE_SCENARIO)
  })

  it('resolves each entry point to its CommonJS file', async () => {
    const { stdout } = await project.node(
      '-e',
      "console.log(require.resolve('@mapping-platform/auth-core'), require.resolve('@mapping-platform/auth-core/session'))",
    )
    expect(stdout).toMatch(/auth-core\/dist\/index\.cjs .*auth-core\/dist\/session\.cjs/)
  })
})
