/**
 * The MFA views are split off the first load: most sign-ins never need them. Each is fetched when
 * its step is first shown (about 1 KB gzipped each), so a password-only sign-in never fetches any.
 * The English texts of these steps come with the first of them (`enLaterSteps`, a chunk of its
 * own) and are handed to the page's locale store before the view renders.
 */
import { lazy } from 'react'
import type { ComponentType } from 'react'
import type { LocaleStore } from '../i18n/localeStore'

const loadEnglish = () => import('../i18n/enLaterSteps')

/** The lazily loaded step views of a page whose language is `locale`. */
export function createLazyViews(locale: Pick<LocaleStore, 'addEnglish'>) {
  const view = <Props extends object>(load: () => Promise<ComponentType<Props>>) =>
    lazy(() =>
      Promise.all([load(), loadEnglish()]).then(([component, texts]) => {
        locale.addEnglish(texts.enLaterSteps)
        return { default: component }
      }),
    )
  return {
    CodeStep: view(() => import('./CodeStep').then((module) => module.CodeStep)),
    FactorChoiceStep: view(() =>
      import('./FactorChoiceStep').then((module) => module.FactorChoiceStep),
    ),
    QrEnrollStep: view(() => import('./QrEnrollStep').then((module) => module.QrEnrollStep)),
    // The account situations: rare, so each is its own chunk like the MFA views.
    PasswordExpiredStep: view(() =>
      import('./PasswordExpiredStep').then((module) => module.PasswordExpiredStep),
    ),
    LockedStep: view(() => import('./LockedStep').then((module) => module.LockedStep)),
    UnlockSentStep: view(() => import('./UnlockSentStep').then((module) => module.UnlockSentStep)),
    SignedInStep: view(() => import('./SignedInStep').then((module) => module.SignedInStep)),
  }
}

/** The step views {@link createLazyViews} makes. */
export type LazyViews = ReturnType<typeof createLazyViews>
