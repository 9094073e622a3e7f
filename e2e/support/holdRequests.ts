/**
 * Holds back requests of a page until the test lets them go: what a slow network or a slow
 * server does to one resource, on cue.
 */
import type { Page, Request } from '@playwright/test'

/**
 * From now on, every request of `page` to `url` that `which` picks waits until `release` is
 * called, then goes on to the server (the others go on at once); `held` lists the ones that
 * waited. Routing also keeps the browser cache out of every request to `url`.
 */
export async function holdRequests(
  page: Page,
  url: string | RegExp,
  which: (request: Request) => boolean = () => true,
): Promise<{ readonly held: Request[]; readonly release: () => void }> {
  let release = (): void => undefined
  const released = new Promise<void>((resolve) => (release = resolve))
  const held: Request[] = []
  await page.route(url, async (route) => {
    if (which(route.request())) {
      held.push(route.request())
      await released
    }
    await route.continue()
  })
  return { held, release }
}
