import type { AuthErrorCode } from '@mapping-platform/auth-core'
import { errorText } from '../messages'
import { AlertIcon } from './Icons'

/**
 * An error of the current step, announced as an alert. Give it a `key` that changes with every new
 * occurrence: remounting makes screen readers announce an identical error again.
 */
export function ErrorAlert({ id, code }: { readonly id: string; readonly code: AuthErrorCode }) {
  return (
    <div id={id} className="alert" role="alert">
      <AlertIcon />
      <p className="alert__text">{errorText(code)}</p>
    </div>
  )
}
