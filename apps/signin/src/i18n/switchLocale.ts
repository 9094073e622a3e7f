/**
 * Everything about languages that the first paint does not need, in one lazy chunk fetched right
 * after the page starts: negotiating the language this visit asks for, fetching a locale's texts
 * (auth-core's `loadMessages`, one chunk per locale), telling the document its language, and
 * saving a person's choice.
 */
import { planLocaleCookie } from '@mapping-platform/auth-core'
import type { AuthConfig, Locale, LocaleMessages } from '@mapping-platform/auth-core'
import type { CookieJar } from '../browser/cookies'
import { enDocument } from './en'
import type { DocumentKey } from './en'
import type { Translator } from './translator'

import { loadMessages } from '@mapping-platform/auth-core/messages'
import type { LocaleStore } from './localeStore'

// One chunk per locale; `createTranslator` (in the first load) makes them a translator.
export { loadMessages }

export { wantedLocale } from './wantedLocale'

/**
 * Makes the document say which language it is in: `<html lang dir>`, the title and the
 * description, so screen readers, translation tools, the tab and the text direction all follow
 * the shown language.
 * @see https://html.spec.whatwg.org/multipage/dom.html#the-lang-and-xml:lang-attributes
 */
export function applyDocumentLanguage(doc: Document, translator: Translator): void {
  doc.documentElement.lang = translator.locale
  doc.documentElement.dir = translator.dir
  doc.title = translator.t('documentTitle')
  doc
    .querySelector('meta[name="description"]')
    ?.setAttribute('content', documentText(translator, 'meta.description'))
}

/** A text of the document's head or `<noscript>` in the translator's language. */
export function documentText(translator: Translator, key: DocumentKey): string {
  return translator.messages[key] || enDocument[key]
}

/**
 * Saves a person's choice in the `locale` cookie on the parent domain (host-only in local mode),
 * where every sub-site reads it (`readLocale` of `@mapping-platform/auth-core/session`).
 * @see ../../../../shared/docs/contracts.md (the `locale` cookie)
 */
export function saveLocale(
  cookies: Pick<CookieJar, 'set'>,
  config: Pick<AuthConfig, 'parentDomain' | 'localMode'>,
  locale: Locale,
): void {
  cookies.set(planLocaleCookie(config, locale))
}

/** What {@link chooseLocale} works with, from the page's shell. */
export interface LocaleSwitching {
  readonly store: LocaleStore
  /** `createTranslator`, passed in so this chunk does not duplicate the first load's. */
  readonly translate: (locale: Locale, messages: LocaleMessages) => Translator
  readonly cookies: Pick<CookieJar, 'set'>
  readonly config: Pick<AuthConfig, 'parentDomain' | 'localMode'>
}

const progress = new WeakMap<LocaleStore, { latest: number; chosen: boolean }>()

/**
 * Switches the page to `locale` once its texts arrive: every view, `<html lang dir>`, the title,
 * and (`save`: a person's choice) the `locale` cookie. A choice overtaken by a later one before
 * its texts arrive is dropped, so the last choice wins; the page's own negotiation (`save`
 * false) never overrides a person's choice; a chunk that cannot be fetched leaves the language.
 */
export async function chooseLocale(
  switching: LocaleSwitching,
  locale: Locale,
  save: boolean,
): Promise<void> {
  const state = progress.get(switching.store) ?? { latest: 0, chosen: false }
  progress.set(switching.store, state)
  // The page's own negotiation: nothing to do when it agrees, never against a person's choice.
  if (!save && (state.chosen || locale === switching.store.getSnapshot().locale)) return
  state.chosen ||= save
  const attempt = ++state.latest
  const messages = await loadMessages(locale).catch(() => null)
  if (messages === null || attempt !== state.latest) return
  const translator = switching.translate(locale, messages)
  applyDocumentLanguage(document, translator)
  if (save) saveLocale(switching.cookies, switching.config, locale)
  switching.store.show(translator)
}
