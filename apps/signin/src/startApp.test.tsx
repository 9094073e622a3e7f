/**
 * A language variant's first load (`index.<tag>.html`): the page carries its locale's texts (the
 * build's JSON data block, src/i18n/pageTexts.ts), so the views hydrate it from them at once,
 * fetching neither the language-switching chunk nor the locale's texts; those come only when the
 * visit asks for another language or a person chooses one in the menu. Texts the page cannot use
 * are fetched as before: never a page without words.
 *
 * Each test loads the views afresh (`vi.resetModules`) with the switching chunk and auth-core's
 * texts recorded when they are imported or asked for, as the browser would request them.
 */
/* eslint-disable no-restricted-syntax -- plays the browser: the built page is parsed markup. */
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Locale } from '@mapping-platform/auth-core'
import type * as Messages from '@mapping-platform/auth-core/messages'
import { pageTextsBlock } from '../build/pageTextsBlock'
import { PAGE_TEXTS } from './i18n/pageTexts'
import { createTranslator, messagesFor, prerenderEmailStep } from './prerender'
import { silentReporter } from './telemetry/reporter'
import { TEST_ENV, TEST_ORIGIN } from './testing/harness'
import { pageRootPerTest } from './testing/pageRoot'

const root = pageRootPerTest()
/** What the page fetched beyond its first load: the switching chunk, a locale's texts. */
let fetched: string[]

beforeEach(() => {
  fetched = []
})

afterEach(() => {
  document.getElementById(PAGE_TEXTS)?.remove()
  vi.doUnmock('./i18n/switchLocale')
  vi.doUnmock('@mapping-platform/auth-core/messages')
})

/** The prerendered variant of `locale`, as the server sends it: its markup, lang and dir, `texts`. */
function variant(locale: Locale, texts: string | null) {
  const translator = createTranslator(locale, messagesFor(locale))
  root.container.innerHTML = prerenderEmailStep(TEST_ENV, translator)
  document.documentElement.lang = locale
  document.documentElement.dir = translator.dir
  if (texts !== null) document.body.insertAdjacentHTML('beforeend', texts)
  return translator
}

/** Loads the views as a browser would, the lazy imports recorded, and starts them on the page. */
async function start(): Promise<void> {
  vi.resetModules()
  vi.doMock('./i18n/switchLocale', async (importOriginal) => {
    fetched.push('switchLocale')
    return importOriginal()
  })
  vi.doMock('@mapping-platform/auth-core/messages', async (importOriginal) => {
    const actual = await importOriginal<typeof Messages>()
    return {
      ...actual,
      loadMessages: (locale: Locale) => {
        fetched.push(`texts ${locale}`)
        return actual.loadMessages(locale)
      },
    }
  })
  const { startApp } = await import('./startApp')
  await act(async () => {
    root.started = startApp(root.container, {
      env: TEST_ENV,
      origin: TEST_ORIGIN,
      adapters: { reporter: silentReporter, fetch: vi.fn() as never },
    })
  })
  // Whatever would be fetched has arrived.
  await act(() => new Promise((resolve) => setTimeout(resolve, 100)))
}

describe('a language variant’s first load', () => {
  it('hydrates German and Arabic from the texts the page carries: nothing fetched, and it works', async () => {
    for (const locale of ['de', 'ar'] as const) {
      // The visitor whose Accept-Language made the server pick this variant.
      vi.spyOn(navigator, 'languages', 'get').mockReturnValue([locale])
      const translator = variant(locale, pageTextsBlock(locale, messagesFor(locale)))
      const heading = root.container.querySelector('h1')
      root.problems = []
      fetched = []
      await start()
      expect(fetched).toEqual([])
      expect(root.problems).toEqual([])
      expect(root.container.querySelector('h1')).toBe(heading)
      expect(heading?.textContent).toBe(translator.t('email.heading'))
      expect(document.documentElement.lang).toBe(locale)
      const user = userEvent.setup()
      await user.type(screen.getByLabelText(translator.t('email.label')), 'pat@example.com')
      expect(screen.getByRole('button', { name: translator.t('email.next') })).toHaveProperty(
        'disabled',
        false,
      )
      root.unmount()
      document.getElementById(PAGE_TEXTS)?.remove()
    }
  })

  it('fetches the switch and the other language only when the visit asks for it', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr'])
    const german = variant('de', pageTextsBlock('de', messagesFor('de')))
    const heading = root.container.querySelector('h1')
    await start()
    expect(root.problems).toEqual([])
    expect(root.container.querySelector('h1')).toBe(heading)
    const french = createTranslator('fr', messagesFor('fr'))
    await waitFor(() => expect(heading?.textContent).toBe(french.t('email.heading')))
    expect(german.t('email.heading')).not.toBe(french.t('email.heading'))
    expect(fetched).toEqual(['switchLocale', 'texts fr'])
    expect(document.documentElement.lang).toBe('fr')
  })

  it('fetches the switch and the chosen language when a person chooses one in the menu', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de'])
    variant('de', pageTextsBlock('de', messagesFor('de')))
    await start()
    expect(fetched).toEqual([])
    await userEvent.setup().selectOptions(screen.getByRole('combobox'), 'ar')
    const arabic = createTranslator('ar', messagesFor('ar'))
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(arabic.t('email.heading')),
    )
    expect(fetched).toEqual(['switchLocale', 'texts ar'])
    expect(document.documentElement.dir).toBe('rtl')
  })

  it('fetches the page’s texts as before when it carries none it can use, and hydrates in its language', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de'])
    const broken = [
      null,
      '<script type="application/json" id="page-texts" lang="de">{"email.heading":</script>',
      '<script type="application/json" id="page-texts" lang="de">["Anmelden"]</script>',
      '<script type="application/json" id="page-texts" lang="de">{"email.heading":7}</script>',
      pageTextsBlock('fr', messagesFor('fr')),
    ]
    for (const texts of broken) {
      const translator = variant('de', texts)
      const heading = root.container.querySelector('h1')
      root.problems = []
      fetched = []
      await start()
      expect(fetched, String(texts)).toEqual(['switchLocale', 'texts de'])
      expect(root.problems).toEqual([])
      expect(root.container.querySelector('h1')).toBe(heading)
      expect(heading?.textContent).toBe(translator.t('email.heading'))
      root.unmount()
      document.getElementById(PAGE_TEXTS)?.remove()
    }
  })
})
