/**
 * The email step rendered to HTML at build time (by `build/prerenderPlugin.ts`, in Node) and put
 * into index.html's root: the card paints with the HTML, before any script runs, and a visitor
 * without JavaScript sees the real page. The client hydrates it (`startApp`) when the flow starts
 * on the plain email step, so this renders exactly the client's first render: the same tree
 * (`appElement`), the same flow, from the same build-time variables.
 */
import { renderToString } from 'react-dom/server'
import { createSignInFlow } from '@mapping-platform/auth-core'
import type {
  ConfigEnv,
  Locale,
  LocaleMessages,
  PageSnapshot,
  SignInState,
} from '@mapping-platform/auth-core'
import { appElement } from './appElement'
import { Layout } from './components/Layout'
import { I18nProvider } from './i18n/I18nContext'
import { createLocaleStore } from './i18n/localeStore'
import { createTranslator } from './i18n/translator'
import type { Translator } from './i18n/translator'
import type { UiAdapters } from './components/UiAdapters'
import { readAppConfig } from './config'
import { createFlowStore } from './flow/createFlowStore'
import { isPristineEmailStep } from './flow/isPristineEmailStep'
import { StepLoadFailed } from './views/StepBoundary'

/**
 * Stands in for the page's origin, which the build does not know: it only makes the redirect URI,
 * which the email step does not show.
 */
const BUILD_ORIGIN = 'https://prerender.invalid'

/** A first visit: `/`, nothing stored, no cookie. */
const FIRST_VISIT: PageSnapshot = {
  hash: '',
  search: '',
  host: new URL(BUILD_ORIGIN).host,
  historyEmail: null,
  stored: {
    pkceVerifier: null,
    stateToken: null,
    mfaRedirect: null,
    oauthState: null,
    returnTo: null,
  },
  postLoginRedirect: null,
  now: 0,
}

/** Nothing the first render calls (they are used by effects and event handlers only). */
const unused = (): never => {
  throw new Error('not available while prerendering')
}
const UI: UiAdapters = {
  timers: { start: unused, deadline: unused, whenIdle: unused, now: unused },
  clipboard: { writeText: unused },
}
const LOCATION = { onHistoryChange: unused, onRestoredFromCache: unused, reload: unused }

export { LOCALES } from '@mapping-platform/auth-core'

/** Every locale's texts, read at once (the build's module runner is closed before a lazy import). */
const MESSAGES = import.meta.glob<LocaleMessages>(
  '../../../packages/auth-core/src/messages/locales/*.json',
  { eager: true, import: 'default' },
)

/** The texts of `locale` for its prerendered page (empty for English). */
export function messagesFor(locale: Locale): LocaleMessages {
  return Object.entries(MESSAGES).find(([path]) => path.endsWith(`/${locale}.json`))?.[1] ?? {}
}
export { createTranslator } from './i18n/translator'
export { documentText } from './i18n/switchLocale'

/**
 * The markup of the email step for the build-time variables `env` in the language of
 * `translator`, or '' when they are not a valid configuration (the client then shows the
 * configuration error, rendered afresh).
 */
export function prerenderEmailStep(
  env: ConfigEnv,
  translator: Translator = createTranslator('en'),
): string {
  return prerenderFirstRender(env, translator, FIRST_VISIT, isPristineEmailStep, [
    'A first visit',
    'the email step',
  ])
}

/**
 * What the client renders first for the page `page` (its address and storage) with the
 * build-time variables `env`, in the language of `translator`: the same tree (`appElement`) from
 * the same flow. '' when they are not a valid configuration; a build error when the flow does not
 * start where `starts` says (`where`: the page and the step, for the message).
 */
function prerenderFirstRender(
  env: ConfigEnv,
  translator: Translator,
  page: PageSnapshot,
  starts: (state: SignInState) => boolean,
  [what, step]: readonly [string, string],
): string {
  const result = readAppConfig(env, { origin: BUILD_ORIGIN })
  if (!result.ok) return ''
  const store = createFlowStore(createSignInFlow(result.config.auth, null), () => 'continue')
  store.send({ type: 'pageLoaded', page })
  const { state } = store.getSnapshot()
  if (!starts(state)) throw new Error(`${what} starts on ${state.step}, not ${step}`)
  return renderToString(
    appElement({
      store,
      legal: result.config.legal,
      location: LOCATION,
      ui: UI,
      locale: createLocaleStore(translator),
    }),
  )
}

/**
 * The page the entry shows when the views' chunk cannot be loaded (`showViewsFailed`): the card
 * with the network message and "Try again", in the language of `translator`. The build puts it
 * into each page's `<template id="views-failed">`, so it needs nothing more from the network.
 */
export function prerenderViewsFailed(translator: Translator): string {
  return renderToString(
    <I18nProvider store={createLocaleStore(translator)}>
      <Layout>
        <StepLoadFailed onRetry={unused} />
      </Layout>
    </I18nProvider>,
  )
}

/** Back from Okta with a code, the transaction the page stored before it left (stand-ins). */
const OKTA_RETURN: PageSnapshot = {
  ...FIRST_VISIT,
  hash: `#code=prerender&state=${'S'.repeat(43)}`,
  stored: {
    ...FIRST_VISIT.stored,
    pkceVerifier: 'v'.repeat(43),
    oauthState: JSON.stringify({
      provider: 'okta',
      state: 'S'.repeat(43),
      nonce: 'N'.repeat(43),
      createdAt: 0,
    }),
  },
}

/**
 * The page React renders on Okta's return with a code (the `callback` step: "Signing you in…"),
 * for the build-time variables `env` in the language of `translator`, or '' when they are not a
 * valid configuration. The build puts it into each page's `<template id="signing-in">`
 * (src/signingInTemplate.ts), which the inline loader shows in place of the email step on a
 * return, until React renders the same markup.
 */
export function prerenderSigningIn(
  env: ConfigEnv,
  translator: Translator = createTranslator('en'),
): string {
  return prerenderFirstRender(env, translator, OKTA_RETURN, (state) => state.step === 'callback', [
    "Okta's return",
    'the callback step',
  ])
}
