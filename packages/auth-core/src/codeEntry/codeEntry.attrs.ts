import { CODE_LENGTH } from '../validation/validation'
import type { CodeEntryState } from './codeEntry.types'

/** Attributes for one box, as plain data for any view layer to spread (Zag's `connect`). */
export interface CodeInputAttrs {
  readonly 'aria-label': string
  readonly 'aria-invalid': boolean
  readonly type: 'text'
  readonly inputMode: 'numeric'
  readonly autoComplete: 'one-time-code'
  readonly pattern: '[0-9]*'
  readonly enterKeyHint: 'next' | 'done'
  readonly tabIndex: 0 | -1
  readonly value: string
  readonly autoCapitalize: 'off'
  readonly autoCorrect: 'off'
  readonly spellCheck: false
  readonly 'data-filled': boolean
}

/** Builds a box's accessible name; the default is `Digit n of 6`. */
export type DigitLabel = (position: number, total: number) => string

const defaultLabel: DigitLabel = (position, total) => `Digit ${position} of ${total}`

/**
 * The attributes of box `index`: its accessible name, numeric keyboard, `one-time-code` autofill
 * on every box (iOS offers the code to the focused box only), a roving tab index so Tab leaves
 * the group in one step, and no `maxLength`, which would truncate a whole code arriving by
 * autofill.
 * @see https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#attr-fe-autocomplete-one-time-code
 */
export function getCodeInputAttrs(
  state: CodeEntryState,
  index: number,
  options: { readonly invalid?: boolean; readonly label?: DigitLabel } = {},
): CodeInputAttrs {
  const value = state.digits[index] ?? ''
  return {
    'aria-label': (options.label ?? defaultLabel)(index + 1, CODE_LENGTH),
    'aria-invalid': options.invalid ?? false,
    type: 'text',
    inputMode: 'numeric',
    autoComplete: 'one-time-code',
    pattern: '[0-9]*',
    enterKeyHint: index === CODE_LENGTH - 1 ? 'done' : 'next',
    tabIndex: index === state.focusedIndex ? 0 : -1,
    value,
    autoCapitalize: 'off',
    autoCorrect: 'off',
    spellCheck: false,
    'data-filled': value !== '',
  }
}
