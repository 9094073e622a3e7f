/**
 * The sub-site's session panel, drawn with DOM methods only (`textContent`, no HTML strings), so
 * nothing from a cookie or an answer can become markup.
 */
import type { WhoAmI } from './callWhoAmI'
import type { SessionView } from './sessionView'

/** Everything the panel shows. `view` null: still reading the session. */
export interface PanelState {
  readonly view: SessionView | null
  /** When this page last saw a refresh happen (epoch ms). */
  readonly refreshedAt: number | null
  /** The product API's latest answer; `pending` while it is being asked. */
  readonly api: WhoAmI | 'pending' | null
  /** A navigation or request is under way: the buttons are disabled. */
  readonly busy: boolean
  /** A message to show instead of everything else (a misconfigured page). */
  readonly fatal?: string
}

/** What the buttons do. */
export interface PanelActions {
  /** The sign-in page: the Sign in link's `href` (what a modified click or a crawler follows). */
  readonly signInUrl: string
  /** Remembers this sub-site, then goes to sign in (`redirectToSignIn`). */
  signIn(): void
  signOut(): void
  callApi(): void
}

type Child = Node | string

/** `tag` with attributes and children (strings become text nodes). */
function el(
  tag: string,
  attributes: Record<string, string> = {},
  ...children: Child[]
): HTMLElement {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  element.append(...children)
  return element
}

function button(label: string, onClick: () => void, busy: boolean): HTMLElement {
  const element = el('button', { type: 'button' }, label)
  element.addEventListener('click', onClick)
  if (busy) element.setAttribute('disabled', '')
  return element
}

/**
 * Sign in is a link (it navigates), styled as a button; a click runs `signIn` instead of
 * following the `href`, so `post_login_redirect` is written first.
 */
function signInLink(actions: PanelActions): HTMLElement {
  const element = el('a', { class: 'button', href: actions.signInUrl }, 'Sign in')
  element.addEventListener('click', (event) => {
    event.preventDefault()
    actions.signIn()
  })
  return element
}

/** A `<time>` with the ISO instant as `datetime` and the reader's local wording as text. */
function time(epochMs: number, style: 'dateTime' | 'time'): HTMLElement {
  const date = new Date(epochMs)
  const text = style === 'time' ? date.toLocaleTimeString() : date.toLocaleString()
  return el('time', { datetime: date.toISOString() }, text)
}

function signedIn(
  state: PanelState,
  view: Extract<SessionView, { kind: 'signedIn' }>,
  actions: PanelActions,
): Child[] {
  const parts: Child[] = [
    el('p', {}, 'Signed in as ', el('strong', { 'data-testid': 'signed-in-email' }, view.email)),
  ]
  if (view.expiresAt !== null)
    parts.push(
      el(
        'p',
        { 'data-testid': 'token-expiry' },
        'Access token expires ',
        time(view.expiresAt, 'dateTime'),
      ),
    )
  if (state.refreshedAt !== null)
    parts.push(
      el(
        'p',
        { 'data-testid': 'token-refreshed' },
        'Token refreshed at ',
        time(state.refreshedAt, 'time'),
      ),
    )
  parts.push(
    el(
      'p',
      { class: 'actions' },
      button('Call the product API', actions.callApi, state.busy),
      button('Sign out', actions.signOut, state.busy),
    ),
  )
  if (state.api === 'pending') parts.push(el('p', {}, 'Asking the product API…'))
  else if (state.api?.ok)
    parts.push(
      el(
        'p',
        { 'data-testid': 'api-result' },
        'The product API accepted the token for ',
        el('strong', {}, state.api.email),
        ' (valid until ',
        time(state.api.expiresAt, 'time'),
        ').',
      ),
    )
  else if (state.api)
    parts.push(el('p', { role: 'alert', 'data-testid': 'api-result' }, state.api.message))
  return parts
}

function content(state: PanelState, actions: PanelActions): Child[] {
  if (state.fatal !== undefined) return [el('p', { role: 'alert' }, state.fatal)]
  const view = state.view
  const signIn = () => el('p', {}, signInLink(actions))
  switch (view?.kind) {
    case undefined:
      return [el('p', {}, 'Checking your session…')]
    case 'signedOut':
      return [
        el('p', {}, 'Not signed in'),
        ...(view.ended ? [el('p', {}, 'Your session has ended. Please sign in again.')] : []),
        signIn(),
      ]
    case 'invalid':
      return [
        el(
          'p',
          { role: 'alert' },
          'Your session cookies are damaged or incomplete, so this page cannot tell who you are. Sign in again to replace them.',
        ),
        signIn(),
      ]
    case 'unavailable':
      return [
        el('p', { role: 'alert' }, view.message),
        el('p', {}, button('Try again', actions.callApi, state.busy)),
      ]
    case 'signedIn':
      return signedIn(state, view, actions)
  }
}

/** Replaces the panel's content with what `state` says. */
export function renderSession(root: HTMLElement, state: PanelState, actions: PanelActions): void {
  root.replaceChildren(...content(state, actions))
  root.setAttribute('aria-busy', String(state.view === null || state.busy))
}
