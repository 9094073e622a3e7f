import type { ConfigProblem } from '@mapping-platform/auth-core'
import { useI18n } from '../i18n/I18nContext'

/** What the page shows when its build-time configuration is missing or malformed. */
export function ConfigErrorView({ problems }: { readonly problems: readonly ConfigProblem[] }) {
  const { t } = useI18n()
  return (
    <div className="config-error" role="alert">
      <h1 className="step__heading">{t('configError.heading')}</h1>
      <p className="step__lede">{t('configError.intro')}</p>
      <ul className="config-error__list">
        {problems.map((problem) => (
          <li key={`${problem.variable}:${problem.reason}`}>
            {problem.reason === 'missing' ? (
              t('configError.missing', { variable: problem.variable })
            ) : (
              // A developer's message, in English: marked so, and kept whole (its brackets and
              // full stop in place) inside a right-to-left page.
              <span lang="en" dir="ltr">
                {problem.message}
              </span>
            )}
          </li>
        ))}
      </ul>
      <p className="step__hint">{t('configError.outro')}</p>
    </div>
  )
}
