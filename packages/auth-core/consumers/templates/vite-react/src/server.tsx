/**
 * The same App rendered in Node from a Cookie header, to show what the built sub-site does with
 * the package: `node dist-server/server.js '<Cookie header>'` prints the HTML.
 */
import { createPlatformSession } from '@mapping-platform/auth-core/session'
import type { CookieJar } from '@mapping-platform/auth-core/session'
import { renderToString } from 'react-dom/server'
import { App } from './App'
import { sessionConfig } from './sessionConfig'

const header = process.argv[2] ?? ''
const values = new Map(
  header
    .split(';')
    .map((pair) => pair.trim().split('='))
    .map(([name = '', ...value]) => [name, value.join('=')] as const),
)
const cookies: CookieJar = {
  get: (name) => values.get(name),
  getAll: (name) => [values.get(name)].filter((value) => value !== undefined),
  set: (write) => void values.set(write.name, write.value),
  remove: (removal) => void values.delete(removal.name),
}
const session = createPlatformSession(sessionConfig, {
  cookies,
  navigate: (url) => console.log(`navigate: ${url}`),
})
console.log(renderToString(<App session={session} />))
