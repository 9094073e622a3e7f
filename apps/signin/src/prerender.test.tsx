/**
 * The build-time prerender of the email step (`prerender.tsx`) and the client's first render must
 * be the same markup: the client hydrates it without a mismatch (React reports every mismatch on
 * the console or as an error), keeping the very DOM nodes. Any other first state renders afresh.
 */
/* eslint-disable no-restricted-syntax -- plays the browser: the prerendered index.html is parsed
   markup, and the test compares markup. The app itself never touches innerHTML. */
import { act, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { HYDRATED_ATTRIBUTE } from './hydratedAttribute'
import { STORAGE_KEYS } from './browser/transactionStorage'
import { createTranslator, messagesFor, prerenderEmailStep, prerenderSigningIn } from './prerender'
import { startApp } from './startApp'
import { silentReporter } from './telemetry/reporter'
import { TEST_ENV, TEST_ORIGIN } from './testing/harness'
import { pageRootPerTest } from './testing/pageRoot'
import { RETURN, storedReturn } from './testing/providerReturn'

const root = pageRootPerTest()

async function start(env = TEST_ENV): Promise<void> {
  await act(async () => {
    root.started = startApp(root.container, {
      env,
      origin: TEST_ORIGIN,
      adapters: { reporter: silentReporter, fetch: vi.fn() as never },
    })
  })
}

describe('the prerendered email step', () => {
  it('is the whole card: heading, email field, a disabled Next, Google, the legal links', () => {
    root.container.innerHTML = prerenderEmailStep(TEST_ENV)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in')
    expect(screen.getByLabelText('Email')).toHaveProperty('value', '')
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true)
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(
      TEST_ENV.VITE_PRIVACY_URL,
    )
    expect(root.container.innerHTML).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i)
  })

  it('is hydrated as it is: no mismatch, the same nodes, and the client takes over', async () => {
    const markup = prerenderEmailStep(TEST_ENV)
    root.container.innerHTML = markup
    const heading = root.container.querySelector('h1')
    const field = root.container.querySelector('input')
    await start()
    expect(root.problems).toEqual([])
    expect(root.container.querySelector('h1')).toBe(heading)
    expect(root.container.querySelector('input')).toBe(field)
    const parsed = document.createElement('div')
    parsed.innerHTML = markup
    expect(root.container.innerHTML).toBe(parsed.innerHTML)
    expect(document.activeElement).toBe(field)
    await act(async () =>
      root.started?.store?.send({ type: 'emailChanged', email: 'a@example.com' }),
    )
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', false)
  })

  it('marks the root hydrated only once React has committed the page, for the loader to give held actions again', async () => {
    root.container.innerHTML = prerenderEmailStep(TEST_ENV)
    expect(root.container.hasAttribute(HYDRATED_ATTRIBUTE)).toBe(false)
    await start()
    expect(root.container.hasAttribute(HYDRATED_ATTRIBUTE)).toBe(true)
  })

  it('a mismatch would be caught: markup from other variables is reported when hydrated', async () => {
    root.container.innerHTML = prerenderEmailStep({
      ...TEST_ENV,
      VITE_TERMS_URL: 'https://www.example.com/legal/other-terms',
    })
    await start()
    expect(root.problems.join('\n')).toMatch(/hydrat/i)
  })

  it('focuses the field from the first paint, so keys typed before the script runs land in it', () => {
    root.container.innerHTML = prerenderEmailStep(TEST_ENV)
    expect(root.container.querySelector('input')!.hasAttribute('autofocus')).toBe(true)
  })

  it('keeps an email typed before the script ran, and enables Next', async () => {
    root.container.innerHTML = prerenderEmailStep(TEST_ENV)
    root.container.querySelector('input')!.value = 'pat@example.com'
    await start()
    expect(root.problems).toEqual([])
    expect(root.started?.store?.getSnapshot().state).toMatchObject({
      step: 'email',
      email: 'pat@example.com',
    })
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', false)
  })

  it('is replaced, not hydrated, when the page starts elsewhere (a return with an error)', async () => {
    root.container.innerHTML = prerenderEmailStep(TEST_ENV)
    const heading = root.container.querySelector('h1')
    window.history.replaceState(null, '', '/#error=access_denied&state=x')
    await start()
    expect(root.problems).toEqual([])
    expect(root.container.querySelector('h1')).not.toBe(heading)
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    expect(screen.getByRole('alert')).toBeTruthy()
  })

  it('is empty for an invalid configuration, whose error the client renders', async () => {
    const env = { ...TEST_ENV, VITE_OKTA_CLIENT_ID: '' }
    expect(prerenderEmailStep(env)).toBe('')
    await start(env)
    expect(screen.getByText(/VITE_OKTA_CLIENT_ID/)).toBeTruthy()
  })

  it('in another language, is hydrated as it is once its texts arrive (no mismatch, no English)', async () => {
    for (const locale of ['de', 'ar'] as const) {
      // The visitor whose Accept-Language made the server pick this variant.
      vi.spyOn(navigator, 'languages', 'get').mockReturnValue([locale])
      const translator = createTranslator(locale, messagesFor(locale))
      const markup = prerenderEmailStep(TEST_ENV, translator)
      expect(markup).toContain(translator.t('email.heading'))
      root.container.innerHTML = markup
      document.documentElement.lang = locale
      const heading = root.container.querySelector('h1')
      root.problems = []
      await start()
      // The page's texts arrive in their own chunk: hydration waits for them.
      await act(() => new Promise((resolve) => setTimeout(resolve, 100)))
      expect(root.problems).toEqual([])
      expect(root.container.querySelector('h1')).toBe(heading)
      expect(heading?.textContent).toBe(translator.t('email.heading'))
      root.unmount()
    }
  })

  it('is hydrated in its own language, then switched when the visit asks for another', async () => {
    // A host serving the German variant to an English browser (or a stale cookie): no mismatch.
    const translator = createTranslator('de', messagesFor('de'))
    root.container.innerHTML = prerenderEmailStep(TEST_ENV, translator)
    document.documentElement.lang = 'de'
    const heading = root.container.querySelector('h1')
    await start()
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)))
    expect(root.problems).toEqual([])
    expect(root.container.querySelector('h1')).toBe(heading)
    expect(heading?.textContent).toBe('Sign in')
    expect(document.documentElement.lang).toBe('en')
  })
})

describe('the prerendered "Signing you in…" card (a return from a provider)', () => {
  /** Every element of the root, as tag, classes and text of its own: what a person sees. */
  const shape = () =>
    [...root.container.querySelectorAll('*')].map(
      (node) =>
        `${node.tagName}.${node.className} ${node.childElementCount ? '' : node.textContent}`,
    )

  it("is the page React renders for Okta's return, so nothing changes when React takes over", async () => {
    root.container.innerHTML = prerenderSigningIn(TEST_ENV)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Signing you in…')
    expect(root.container.innerHTML).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i)
    const prerendered = shape()
    window.history.replaceState(null, '', `/#code=c0de&state=${RETURN.state}`)
    for (const [item, value] of Object.entries(storedReturn('okta')))
      sessionStorage.setItem(STORAGE_KEYS[item as keyof typeof STORAGE_KEYS], value)
    await act(async () => {
      root.started = startApp(root.container, {
        env: TEST_ENV,
        origin: TEST_ORIGIN,
        // The token request never answers: the page stays on its callback step.
        adapters: {
          reporter: silentReporter,
          fetch: vi.fn(() => new Promise<Response>(() => undefined)),
        },
      })
    })
    expect(root.started?.store?.getSnapshot().state.step).toBe('callback')
    expect(shape()).toEqual(prerendered)
    expect(root.problems).toEqual([])
    sessionStorage.clear()
  })

  it("is in the page's language", () => {
    const translator = createTranslator('ar', messagesFor('ar'))
    root.container.innerHTML = prerenderSigningIn(TEST_ENV, translator)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      translator.t('progress.signingIn'),
    )
    expect(translator.t('progress.signingIn')).not.toBe('Signing you in…')
  })

  it('is empty for an invalid configuration, whose error the client renders', () => {
    expect(prerenderSigningIn({ ...TEST_ENV, VITE_OKTA_CLIENT_ID: '' })).toBe('')
  })
})
