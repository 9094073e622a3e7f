/**
 * The whole sign-in flow in Node, against an Okta-compatible server: the pure reducer decides,
 * and this file is the shell that runs its effects. A browser app's shell does the same with
 * history, sessionStorage, cookies and navigation (see apps/signin/src/flow/runEffect.ts).
 *
 *   pnpm --filter dev-platform start      # terminal 1: local Okta on :4010
 *   pnpm --filter @mapping-platform/auth-core example       # terminal 2: signs pat.password@example.com in
 */
import { webcrypto } from 'node:crypto'
import {
  callAuthn,
  createAuthorizationRequest,
  createSignInFlow,
  exchangeAuthorizationCode,
  laterSteps,
  readAuthConfig,
  serializeCookie,
  toAuthError,
} from '../src/index'
import type { SignInEffect, SignInEvent, SignInState, StoredItem } from '../src/index'

/** What the example needs to know. */
export interface WholeFlowOptions {
  /** The identity provider's origin, e.g. the dev platform's `http://localhost:4010`. */
  readonly oktaOrgUrl: string
  /** The app origin registered as redirect URI, e.g. `http://localhost:5173`. */
  readonly appOrigin: string
  readonly email: string
  readonly password: string
  /** Where each step is reported; `console.log` by default. */
  readonly log?: (line: string) => void
}

/** What the flow ended with: the cookies it would write and the final navigation. */
export interface WholeFlowResult {
  readonly cookies: readonly string[]
  readonly finalUrl: string
}

/** Signs in with a password and returns the cookies the app would write and where it would go. */
export async function runWholeFlow(options: WholeFlowOptions): Promise<WholeFlowResult> {
  const log = options.log ?? console.log
  const read = readAuthConfig(
    {
      VITE_OKTA_ORG_URL: options.oktaOrgUrl,
      VITE_OKTA_AUTH_SERVER_ID: 'default',
      VITE_OKTA_CLIENT_ID: '0oadevsignin',
      VITE_PARENT_DOMAIN: '.localhost',
      VITE_AUTH_API_URL: 'http://localhost:4012',
      VITE_GOOGLE_CLIENT_ID: 'dev-google-client.apps.googleusercontent.com',
      VITE_LOCAL_MODE: 'true',
    },
    { redirectUri: `${options.appOrigin}/` },
  )
  if (!read.ok) throw new Error(read.problems.map((problem) => problem.message).join(' '))
  const config = read.config
  const flow = createSignInFlow(config, laterSteps)
  const randomBytes = (length: number) => webcrypto.getRandomValues(new Uint8Array(length))

  // The shell's state: what a browser keeps in sessionStorage, cookies written, the last navigation.
  const stored = new Map<StoredItem, string>()
  const cookies: string[] = []
  let state: SignInState = flow.initialState
  let finalUrl: string | null = null
  let settle: () => void = () => {}
  const finished = new Promise<void>((resolve) => (settle = resolve))

  const send = (event: SignInEvent): void => {
    const [next, effects] = flow.transition(state, event)
    if (next.step !== state.step) log(`step: ${state.step} → ${next.step}`)
    state = next
    for (const effect of effects) void run(effect)
    // Back at the email step with an error: a person would read it and try again; we stop.
    if (state.step === 'email' && state.error !== null) settle()
  }

  async function run(effect: SignInEffect): Promise<void> {
    // Every result echoes the attempt of its effect: the flow ignores answers to stale attempts.
    const attempt = 'attempt' in effect ? effect.attempt : 0
    switch (effect.type) {
      case 'persist':
        stored.set(effect.item, effect.value)
        return
      case 'forget':
        stored.delete(effect.item)
        return
      case 'callAuthn':
        try {
          const transaction = await callAuthn(config, effect.call)
          send({ type: 'authnTransactionReceived', attempt, call: effect.call.kind, transaction })
        } catch (error) {
          send({
            type: 'authnCallFailed',
            attempt,
            call: effect.call.kind,
            error: toAuthError(error).code,
          })
        }
        return
      case 'prepareAuthorization':
        try {
          const request = await createAuthorizationRequest(config, effect.sessionToken, randomBytes)
          send({ type: 'authorizationPrepared', attempt, request, now: Date.now() })
        } catch (error) {
          send({ type: 'authorizationFailed', attempt, error: toAuthError(error).code })
        }
        return
      case 'startTimer':
        setTimeout(() => send({ type: 'timerElapsed', attempt, id: effect.id }), effect.ms)
        return
      case 'navigate':
        return navigate(effect.url)
      case 'exchangeCode':
        try {
          const result = await exchangeAuthorizationCode(config, effect)
          send(
            result.kind === 'tokens'
              ? { type: 'tokensReceived', attempt, tokens: result.tokens, now: Date.now() }
              : { type: 'tokensIncomplete', attempt, idToken: result.idToken },
          )
        } catch (error) {
          send({ type: 'tokenExchangeFailed', attempt, error: toAuthError(error).code })
        }
        return
      case 'finishSignIn':
        // A browser page holds the platform-wide refresh lease around these (changeSessionCookies):
        // first the removals of the token cookies this sign-in does not write, then the writes.
        cookies.push(...effect.cookies.map(serializeCookie))
        return navigate(effect.url)
      case 'reportFailure':
        log(`failure: ${effect.code} at ${effect.step}`)
        return
      default:
        // setLocation, clearUrl, removeCookie: the address bar and cookie jar of a browser.
        return
    }
  }

  /** A browser follows the authorize redirect back to the app, which loads with the return. */
  async function navigate(url: string): Promise<void> {
    const target = new URL(url)
    if (target.pathname.endsWith('/v1/authorize')) {
      log('navigate: /authorize (with the session token and the PKCE challenge)')
      const response = await fetch(target, { redirect: 'manual' })
      const location = new URL(response.headers.get('location') ?? '', target)
      log(`back at the app with ${location.hash.startsWith('#code=') ? 'a code' : location.hash}`)
      state = flow.initialState
      send({ type: 'pageLoaded', page: pageSnapshot(location.hash) })
      return
    }
    finalUrl = url
    log(`navigate: ${target.origin}${target.pathname} (the end: the browser leaves)`)
    settle()
  }

  function pageSnapshot(hash: string) {
    const item = (name: StoredItem) => stored.get(name) ?? null
    return {
      hash,
      search: '',
      host: new URL(options.appOrigin).host,
      historyEmail: null,
      postLoginRedirect: null,
      now: Date.now(),
      stored: {
        pkceVerifier: item('pkceVerifier'),
        stateToken: item('stateToken'),
        mfaRedirect: item('mfaRedirect'),
        oauthState: item('oauthState'),
        returnTo: item('returnTo'),
      },
    }
  }

  send({ type: 'pageLoaded', page: pageSnapshot('') })
  send({ type: 'emailChanged', email: options.email })
  send({ type: 'emailSubmitted' })
  send({ type: 'passwordSubmitted', password: options.password })
  const timeout = setTimeout(() => settle(), 15_000)
  await finished
  clearTimeout(timeout)
  if (finalUrl === null)
    throw new Error(
      `The flow stopped at the ${state.step} step${'error' in state && state.error ? ` (${state.error})` : ''}.`,
    )
  return { cookies, finalUrl }
}

/* --- Run from the command line --- */

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  runWholeFlow({
    oktaOrgUrl: process.env.OKTA_ORG_URL ?? 'http://localhost:4010',
    appOrigin: process.env.APP_ORIGIN ?? 'http://localhost:5173',
    email: process.env.EMAIL ?? 'pat.password@example.com',
    password: process.env.PASSWORD ?? 'Password-only-1',
  }).then(
    (result) => {
      console.log('cookies the app writes:')
      for (const cookie of result.cookies)
        console.log(`  ${cookie.replace(/=([^;]{12})[^;]*/, '=$1…')}`)
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      process.exitCode = 1
    },
  )
}
