/**
 * The quick start in a page at https://citystream.example.com/maps?id=7 (happy-dom), rendered
 * with react-dom/client: `node dist-server/browser.js ['<cookie>'...]` prints one JSON line, the
 * text shown, the navigations, the requests and the cookies left.
 */
import { openPage } from './page.ts'
import { QuickStartRoot } from './quickStartRoot.ts'

const page = await openPage('https://citystream.example.com/maps?id=7', process.argv.slice(2))
const { act } = await import('react')
const { createRoot } = await import('react-dom/client')
const root = createRoot(document.getElementById('root')!)
const text = await page.render(() =>
  act(async () => {
    root.render(<QuickStartRoot />)
  }),
)
const { navigations, requests } = page
console.log(JSON.stringify({ text, navigations, requests, cookies: document.cookie }))
await act(async () => root.unmount())
page.close()
