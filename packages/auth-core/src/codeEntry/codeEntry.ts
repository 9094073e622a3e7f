import { CODE_LENGTH } from '../validation/validation'
import type { CodeEntryEvent, CodeEntryState } from './codeEntry.types'
import { initialCodeEntry } from './initialCodeEntry'

const LAST = CODE_LENGTH - 1

function clampIndex(index: number): number {
  if (!Number.isInteger(index)) return 0
  return Math.min(Math.max(index, 0), LAST)
}

/**
 * The zero of each run of ten digits folded to ASCII: full-width (what a Japanese or Chinese IME
 * types), Arabic-Indic, and Eastern Arabic-Indic (Persian and Urdu keyboards).
 * @see https://www.unicode.org/charts/PDF/UFF00.pdf
 * @see https://www.unicode.org/charts/PDF/U0600.pdf
 */
const FOLDED_ZEROS = [0xff10, 0x0660, 0x06f0]

/** The ASCII digit `char` stands for, or '' when it is no digit the boxes take. */
function asciiDigit(char: string): string {
  if (char >= '0' && char <= '9') return char
  const code = char.charCodeAt(0)
  const zero = FOLDED_ZEROS.find((first) => code >= first && code <= first + 9)
  return zero === undefined ? '' : String(code - zero)
}

function onlyDigits(text: string): string[] {
  return [...text].map(asciiDigit).filter((digit) => digit !== '')
}

function withDigits(digits: string[], focusedIndex: number): CodeEntryState {
  return { digits, focusedIndex: clampIndex(focusedIndex) }
}

/**
 * Applies text that arrived in one box, its digits folded to ASCII (`asciiDigit`). A whole code
 * (six digits or more after stripping) fills
 * all six boxes from the first, whichever box it landed in, keeping the first six digits (WCAG
 * F109: paste and autofill into any box must work). Fewer digits fill from the box they arrived
 * in, one per box, and focus moves past them.
 */
function enterText(state: CodeEntryState, index: number, text: string): CodeEntryState {
  const incoming = onlyDigits(text)
  if (incoming.length === 0) return state
  if (incoming.length >= CODE_LENGTH) return withDigits(incoming.slice(0, CODE_LENGTH), LAST)
  const start = clampIndex(index)
  const digits = [...state.digits]
  incoming.slice(0, CODE_LENGTH - start).forEach((digit, offset) => {
    digits[start + offset] = digit
  })
  return withDigits(digits, start + incoming.length)
}

function backspace(state: CodeEntryState, index: number): CodeEntryState {
  const at = clampIndex(index)
  const digits = [...state.digits]
  if (digits[at] !== '') {
    digits[at] = ''
    return withDigits(digits, at)
  }
  if (at === 0) return state.focusedIndex === 0 ? state : withDigits(digits, 0)
  digits[at - 1] = ''
  return withDigits(digits, at - 1)
}

/**
 * The code-entry reducer: pure, total, and never throws. Unknown events and out-of-range indexes
 * leave the state valid.
 * @see https://www.w3.org/WAI/WCAG22/Techniques/failures/F109
 */
export function codeEntryReducer(state: CodeEntryState, event: CodeEntryEvent): CodeEntryState {
  switch (event.type) {
    case 'textEntered':
      return enterText(state, event.index, event.text)
    case 'backspacePressed':
      return backspace(state, event.index)
    case 'deletePressed': {
      const at = clampIndex(event.index)
      const digits = [...state.digits]
      digits[at] = ''
      return withDigits(digits, at)
    }
    case 'arrowPressed':
      return withDigits(
        [...state.digits],
        clampIndex(event.index) + (event.direction === 'left' ? -1 : 1),
      )
    case 'homePressed':
      return withDigits([...state.digits], 0)
    case 'endPressed':
      return withDigits([...state.digits], LAST)
    case 'boxFocused':
      return state.focusedIndex === clampIndex(event.index)
        ? state
        : withDigits([...state.digits], event.index)
    case 'cleared':
      return initialCodeEntry()
    default:
      return state
  }
}

/** The code as one string (empty boxes contribute nothing). */
export function selectCodeValue(state: CodeEntryState): string {
  return state.digits.join('')
}

/** Whether all six boxes hold a digit. */
export function selectIsCodeComplete(state: CodeEntryState): boolean {
  return state.digits.length === CODE_LENGTH && state.digits.every((digit) => /^[0-9]$/.test(digit))
}
