/**
 * The production CSP at work (production mode only): an injected inline script and eval do not
 * run, and the page cannot be framed. Every other test of the production run asserts that the
 * real paths cause zero CSP and Trusted Types violations.
 */
import { ORIGINS } from '../support/env'
import { expect, test } from '../support/fixtures'

test.describe('the CSP blocks what it must', () => {
  test('an injected inline script does not run', async ({ page, app, violations }) => {
    await app.goto()
    await expect(app.email).toBeVisible()
    const outcome = await page.evaluate(() => {
      const results: string[] = []
      // A script built from a text node (no Trusted Types sink involved): script-src 'self' stops it.
      const fromNode = document.createElement('script')
      fromNode.append(document.createTextNode('window.__injected = "node"'))
      document.body.append(fromNode)
      // A script given text directly: Trusted Types refuse the assignment itself.
      try {
        const fromText = document.createElement('script')
        fromText.textContent = 'window.__injected = "text"'
        document.body.append(fromText)
        results.push('assigned')
      } catch (error) {
        results.push(`refused: ${(error as Error).name}`)
      }
      // Markup through innerHTML: refused by Trusted Types.
      try {
        document.body.insertAdjacentHTML('beforeend', '<img src=x onerror="window.__injected=1">')
        results.push('html inserted')
      } catch (error) {
        results.push(`html refused: ${(error as Error).name}`)
      }
      return results
    })
    await page.waitForTimeout(200)
    expect(
      await page.evaluate(() => (window as unknown as { __injected?: unknown }).__injected),
    ).toBeUndefined()
    expect(outcome).toEqual(['refused: TypeError', 'html refused: TypeError'])
    const provoked = violations.take((v) => v.url.startsWith(ORIGINS.app))
    expect(provoked.length).toBeGreaterThan(0)
    const directives = new Set(provoked.map((v) => v.directive).filter(Boolean))
    expect([...directives].sort()).toEqual(expect.arrayContaining(['require-trusted-types-for']))
  })

  test('turning a string into code is refused', async ({ page, app, violations }) => {
    await app.goto()
    // From a timer, not from the test's own evaluation (DevTools may always eval).
    const scheduled = await page.evaluate(() => {
      try {
        setTimeout('window.__evaluated = 1' as unknown as () => void, 0)
        return 'scheduled'
      } catch (error) {
        return (error as Error).name
      }
    })
    await page.waitForTimeout(200)
    expect(
      await page.evaluate(() => (window as unknown as { __evaluated?: number }).__evaluated),
    ).toBeUndefined()
    expect(['scheduled', 'TypeError', 'EvalError']).toContain(scheduled)
    const provoked = violations.take((v) => v.url.startsWith(ORIGINS.app))
    expect(provoked.length).toBeGreaterThan(0)
  })

  test('the page cannot be framed by another site', async ({ page, violations }) => {
    await page.setContent(`<iframe title="framed" src="${ORIGINS.app}/"></iframe>`)
    await page.waitForTimeout(1500)
    const framed = page.frames().find((frame) => frame !== page.mainFrame())
    expect(framed).toBeTruthy()
    expect(framed!.url()).not.toBe(`${ORIGINS.app}/`)
    expect(await page.frameLocator('iframe').getByLabel('Email').count()).toBe(0)
    violations.take(() => true)
  })
})
