/**
 * Provider answers altered in flight, for the few failures the dev platform cannot produce (an
 * answer that is well-formed but lacks what the app needs). The request still goes to the dev
 * platform (directly to its listener, from Node) and its real answer is changed before the page
 * sees it; each use says why the real provider could answer that way.
 */
import type { Page, Request } from '@playwright/test'
import { ORIGINS, PLATFORM_PORTS } from './env'

/** The dev platform's own listener for a public provider URL (so Node can fetch it in both modes). */
export function directUrl(url: string): string {
  const target = new URL(url)
  const roles: [string, number][] = [
    [ORIGINS.okta, PLATFORM_PORTS.okta],
    [ORIGINS.google, PLATFORM_PORTS.google],
    [ORIGINS.api, PLATFORM_PORTS.api],
  ]
  const role = roles.find(([origin]) => origin === target.origin)
  if (!role) throw new Error(`not a provider URL: ${url}`)
  return `http://127.0.0.1:${role[1]}${target.pathname}${target.search}`
}

/** JSON of the provider's answer, as the page would have received it. */
export type JsonBody = Record<string, unknown>

/**
 * Routes POSTs to the Okta path matching `path`: `alter` gets the real answer's JSON (and the
 * request) and returns the JSON the page receives (or undefined to pass it on unchanged).
 */
export async function alterOktaAnswer(
  page: Page,
  path: RegExp,
  alter: (body: JsonBody, request: Request) => JsonBody | undefined,
): Promise<void> {
  await page.route(
    (url) => url.origin === ORIGINS.okta && path.test(url.pathname),
    async (route) => {
      const request = route.request()
      if (request.method() !== 'POST') return route.continue()
      const response = await route.fetch({ url: directUrl(request.url()) })
      const body = (await response.json()) as JsonBody
      const changed = alter(body, request)
      await route.fulfill({ response, json: changed ?? body })
    },
  )
}

/** Removes every property called `name`, at any depth. */
export function withoutKey(value: unknown, name: string): void {
  if (Array.isArray(value)) value.forEach((item) => withoutKey(item, name))
  else if (typeof value === 'object' && value !== null) {
    delete (value as Record<string, unknown>)[name]
    Object.values(value).forEach((item) => withoutKey(item, name))
  }
}

/**
 * Routes the product API's `GET /auth/google-auth`: the real call goes to the dev platform (same
 * headers), and `alter` turns its JSON answer into the one the page receives (CORS headers kept).
 */
export async function alterGoogleAuthAnswer(
  page: Page,
  alter: (body: JsonBody) => JsonBody,
): Promise<void> {
  await page.route(
    (url) => url.origin === ORIGINS.api && url.pathname === '/auth/google-auth',
    async (route) => {
      const request = route.request()
      if (request.method() !== 'GET') return route.continue()
      const response = await route.fetch({ url: directUrl(request.url()) })
      await route.fulfill({ response, json: alter((await response.json()) as JsonBody) })
    },
  )
}
