/**
 * The deployment's access log: deploy/nginx.conf logs the path, never the
 * request line, so the one-time Google `code` and the `state` in the query of Google's return to
 * this page never reach the log (production mode only: the log is the deployment's own file).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ORIGINS, RUN_DIR } from '../support/env'
import { expect, test } from '../support/fixtures'
import { DEPLOY_ACCESS_LOG } from '../support/nginx'
import { ACCOUNTS, expectSignedInOnSubsite } from '../support/signInPage'

test('after a Google sign-in, the access log holds the paths served and no code, state or query', async ({
  page,
  app,
  net,
}) => {
  await app.goto()
  await app.google.click()
  await page.waitForURL((url) => url.origin === ORIGINS.google)
  await page.getByRole('button', { name: new RegExp(ACCOUNTS.gina.email) }).click()
  await expectSignedInOnSubsite(page, ACCOUNTS.gina.email)

  const returned = net.committed.find((c) => c.url.startsWith(`${ORIGINS.app}/?code=`))
  expect(returned, 'the return from Google to the app').toBeTruthy()
  const query = new URL(returned!.url).searchParams
  const code = query.get('code')!
  const state = query.get('state')!
  expect(code.length).toBeGreaterThan(8)

  const log = readFileSync(join(RUN_DIR, 'nginx', DEPLOY_ACCESS_LOG), 'utf8')
  const lines = log.split('\n').filter(Boolean)
  // The return itself was served and logged, by its path only (`$uri` is `/index.html` for `/`).
  expect(lines.some((line) => line.includes('"GET /index.html HTTP/'))).toBe(true)
  expect(lines.some((line) => /"GET \/assets\/[^ ]+ HTTP\//.test(line))).toBe(true)
  for (const secret of [code, state, encodeURIComponent(code), encodeURIComponent(state)])
    expect(log).not.toContain(secret)
  expect(log).not.toContain('?')
})
