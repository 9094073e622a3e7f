import { CODE_LENGTH } from '../validation/validation'
import type { CodeEntryState } from './codeEntry.types'

/**
 * Empty boxes, focus on the first. Apart from the code entry's reducer: the steps before a code
 * (and the page's first load) need only this.
 */
export function initialCodeEntry(): CodeEntryState {
  return { digits: Array.from({ length: CODE_LENGTH }, () => ''), focusedIndex: 0 }
}
