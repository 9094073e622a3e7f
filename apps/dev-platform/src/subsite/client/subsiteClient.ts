/**
 * The demo sub-site's page script, bundled at start-up into `/static/subsite.js`: everything
 * session-related goes through `@mapping-platform/auth-core/session` (read, refresh, sign out, send to sign in);
 * this file only wires it to the page.
 */
import { browserSessionDeps, createPlatformSession } from '@mapping-platform/auth-core/session'
import type { PlatformSession } from '@mapping-platform/auth-core/session'
import { callWhoAmI } from './callWhoAmI'
import { renderSession, type PanelActions, type PanelState } from './renderSession'
import { describeSession } from './sessionView'
import { parseSubsiteConfig, SUBSITE_CONFIG_META, type SubsiteConfig } from './subsiteConfig'

const root = document.getElementById('session')
let state: PanelState = { view: null, refreshedAt: null, api: null, busy: false }

function update(patch: Partial<PanelState>, actions: PanelActions): void {
  state = { ...state, ...patch }
  if (root) renderSession(root, state, actions)
}

function start(config: SubsiteConfig, session: PlatformSession): void {
  /** Reads the session, refreshing when needed; remembers when a refresh happened. */
  const show = async () => {
    const view = await describeSession(session)
    const refreshed = view.kind === 'signedIn' && view.refreshed
    update({ view, refreshedAt: refreshed ? Date.now() : state.refreshedAt }, actions)
    return view
  }
  const actions: PanelActions = {
    signInUrl: config.session.signInUrl,
    signIn: () => {
      update({ busy: true }, actions)
      session.redirectToSignIn(config.subsite)
    },
    signOut: () => {
      update({ busy: true }, actions)
      // signOut rejects only when returnTo is not acceptable: a misconfigured sub-site.
      session.signOut({ returnTo: config.home }).catch((error: unknown) => {
        update({ busy: false, fatal: misconfigured(error) }, actions)
      })
    },
    callApi: () => {
      update({ busy: true, api: 'pending' }, actions)
      void show().then(async (view) => {
        const api =
          view.kind === 'signedIn' ? await callWhoAmI(config.apiUrl, view.accessToken) : null
        update({ busy: false, api }, actions)
      })
    },
  }
  update({}, actions)
  void show()
}

/** Configuration problems are the developer's: the page says what is wrong. */
function misconfigured(error: unknown): string {
  return `This sub-site is misconfigured: ${error instanceof Error ? error.message : String(error)}`
}

const noActions: PanelActions = { signInUrl: '/', signIn() {}, signOut() {}, callApi() {} }
try {
  const meta = document.querySelector(`meta[name="${SUBSITE_CONFIG_META}"]`)
  const config = parseSubsiteConfig(meta?.getAttribute('content'))
  const session = createPlatformSession(config.session, browserSessionDeps(window))
  start(config, session)
} catch (error) {
  update({ fatal: misconfigured(error) }, noActions)
}
