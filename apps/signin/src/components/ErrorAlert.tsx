import type { AuthErrorCode } from '@mapping-platform/auth-core'
import { useI18n } from '../i18n/I18nContext'
import { AlertIcon } from './Icons'

/**
 * An error of the current step, linked to its field with `aria-describedby` and announced by the
 * page's alert region when it appears. Give it a `key` that changes with every new occurrence:
 * remounting announces an identical error again.
 */
export function ErrorAlert({ id, code }: { readonly id: string; readonly code: AuthErrorCode }) {
  const { error } = useI18n()
  return (
    <div id={id} className="alert" data-announce="assertive">
      <AlertIcon />
      <p className="alert__text">{error(code)}</p>
    </div>
  )
}
