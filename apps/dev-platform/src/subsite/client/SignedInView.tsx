/**
 * The signed-in view: the person's name (or, when the session knows none, their email), the
 * demo API called through the authenticated `fetch`, the same `fetch` to another origin (the
 * product API, which the page does not name in `apiOrigins`: it gets no token), and Sign out.
 *
 * `user.name` is known once the session has it: from the ID token of a refresh made by this page,
 * else from the provider's userinfo endpoint, which names the person only for the `profile`
 * scope, as does the ID token. The sign-in app asks for no `profile` (nor `email`), so the page
 * shows the email (from the access token) in its place, after a refresh too.
 */
import { useSession } from '@mapping-platform/auth-react'
import { useState } from 'react'
import { DEMO_API_PATH, type SubsiteConfig } from './subsiteConfig'

/** The demo API's last answer, as shown. */
type ApiAnswer =
  | { readonly kind: 'pending' }
  | { readonly kind: 'accepted'; readonly email: string; readonly expiresAt: number }
  | { readonly kind: 'refused'; readonly status: number }
  | { readonly kind: 'unreachable' }

async function callDemoApi(fetchWithToken: typeof fetch): Promise<ApiAnswer> {
  try {
    const response = await fetchWithToken(DEMO_API_PATH, {
      headers: { Accept: 'application/json' },
    })
    const body = (await response.json().catch(() => null)) as {
      email?: unknown
      exp?: unknown
    } | null
    if (response.ok && typeof body?.email === 'string' && typeof body.exp === 'number')
      return { kind: 'accepted', email: body.email, expiresAt: body.exp * 1000 }
    return { kind: 'refused', status: response.status }
  } catch {
    return { kind: 'unreachable' }
  }
}

function ApiResult({ answer }: { readonly answer: ApiAnswer }) {
  switch (answer.kind) {
    case 'pending':
      return <p>Asking the demo API…</p>
    case 'accepted':
      return (
        <p data-testid="api-result">
          The demo API accepted the token for <strong>{answer.email}</strong> (valid until{' '}
          <time dateTime={new Date(answer.expiresAt).toISOString()}>
            {new Date(answer.expiresAt).toLocaleTimeString()}
          </time>
          ).
        </p>
      )
    case 'refused':
      return (
        <p role="alert" data-testid="api-result">
          The demo API refused the request (HTTP {answer.status}).
        </p>
      )
    case 'unreachable':
      return (
        <p role="alert" data-testid="api-result">
          The demo API could not be reached.
        </p>
      )
  }
}

/**
 * What another origin (not in `apiOrigins`) answered the authenticated `fetch`: it is sent
 * without the token, so the product API answers 401.
 */
type OtherAnswer = 'pending' | number | 'unreachable'

async function callOtherOrigin(fetchWithToken: typeof fetch, url: string): Promise<OtherAnswer> {
  try {
    return (await fetchWithToken(url, { headers: { Accept: 'application/json' } })).status
  } catch {
    return 'unreachable'
  }
}

function OtherResult({ answer }: { readonly answer: OtherAnswer }) {
  if (answer === 'pending') return <p>Asking another origin…</p>
  return (
    <p data-testid="other-origin-result">
      {answer === 'unreachable'
        ? 'Another origin could not be reached.'
        : `Another origin answered HTTP ${answer} (sent without the platform token).`}
    </p>
  )
}

/** Shown only while signed in (`status === 'signedIn'`). */
export function SignedInView({ config }: { readonly config: SubsiteConfig }) {
  const session = useSession()
  const [answer, setAnswer] = useState<ApiAnswer | null>(null)
  const [other, setOther] = useState<OtherAnswer | null>(null)
  if (session.status !== 'signedIn') return null
  const { user } = session
  const email = user.email ?? user.subject
  const callApi = () => {
    setAnswer({ kind: 'pending' })
    void callDemoApi(session.fetch).then(setAnswer)
  }
  const callOther = () => {
    setOther('pending')
    void callOtherOrigin(session.fetch, `${config.apiUrl}/auth/whoami`).then(setOther)
  }
  return (
    <>
      <p>
        Signed in as{' '}
        <strong data-testid="signed-in-user">
          {user.name ?? <span data-testid="signed-in-email">{email}</span>}
        </strong>
        {user.name === null ? null : (
          <>
            {' '}
            (<span data-testid="signed-in-email">{email}</span>)
          </>
        )}
      </p>
      <p className="actions">
        <button type="button" onClick={callApi} disabled={answer?.kind === 'pending'}>
          Call the demo API
        </button>
        <button type="button" onClick={callOther} disabled={other === 'pending'}>
          Call another origin
        </button>
        <button type="button" onClick={() => void session.signOut({ returnTo: config.home })}>
          Sign out
        </button>
      </p>
      {answer === null ? null : <ApiResult answer={answer} />}
      {other === null ? null : <OtherResult answer={other} />}
    </>
  )
}
