/**
 * Our server: the API and the built pages. `node dist-server/main.js` listens on `PORT`
 * (default 3000) with the token options of the environment (server/tokenOptions.ts).
 */
import { fileURLToPath } from 'node:url'
import { createExpressApp } from './express.ts'
import { tokenOptions } from './tokenOptions.ts'

const port = Number(process.env.PORT ?? 3000)
const pages = process.env.PAGES_DIR ?? fileURLToPath(new URL('../dist', import.meta.url))
const server = createExpressApp(tokenOptions(), pages).listen(port, '127.0.0.1', () => {
  const address = server.address()
  console.log(`citystream on port ${typeof address === 'object' ? address?.port : port}`)
})
