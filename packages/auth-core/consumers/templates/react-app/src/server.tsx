/**
 * The quick start rendered on the server, in Node (no `window`): `node dist-server/server.js`
 * prints one JSON line, the HTML and whether anything defined `window` on the way.
 */
import { renderToString } from 'react-dom/server'
import { QuickStartRoot } from './quickStartRoot.ts'

const html = renderToString(<QuickStartRoot />)
console.log(JSON.stringify({ html, window: typeof window }))
