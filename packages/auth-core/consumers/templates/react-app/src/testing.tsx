/**
 * `@mapping-platform/auth-react/testing` as a sub-site's component test uses it (react-dom/client
 * in happy-dom, no test runner): `node dist-server/testing.js` prints one JSON line.
 */
import {
  createTestSession,
  sessionWrapper,
  signedIn,
  signedOut,
} from '@mapping-platform/auth-react/testing'
import type { SessionWrapper } from '@mapping-platform/auth-react/testing'
import { Greeting } from './Greeting.tsx'
import { openPage } from './page.ts'

const page = await openPage('https://citystream.example.com/')
const { act } = await import('react')
const { createRoot } = await import('react-dom/client')

async function render(Wrapper: SessionWrapper): Promise<string> {
  const root = createRoot(document.getElementById('root')!)
  const text = await page.render(() =>
    act(async () => {
      root.render(
        <Wrapper>
          <Greeting />
        </Wrapper>,
      )
    }),
  )
  await act(async () => root.unmount())
  return text
}

const session = createTestSession({ signedIn: false })
const signedOutText = await render(sessionWrapper(session))
const redirects = [...session.redirects]
await act(async () => session.signIn({ name: 'Ada' }))
console.log(
  JSON.stringify({
    signedIn: await render(signedIn({ name: 'Grace Hopper' })),
    signedOut: await render(signedOut()),
    signedOutText,
    redirects,
    afterSignIn: await render(sessionWrapper(session)),
    navigations: page.navigations,
  }),
)
page.close()
