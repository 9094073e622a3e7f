/**
 * Types of the six-box code entry (Zag's pin-input, reduced to what the spec asks for).
 */

/* --- State --- */

/** The boxes and which one has focus. Plain, serializable data. */
export interface CodeEntryState {
  /** One entry per box: a single ASCII digit or `''`. Always `CODE_LENGTH` long. */
  readonly digits: readonly string[]
  /** The box that has (or gets) focus, and the only one in the tab order. */
  readonly focusedIndex: number
}

/* --- Events --- */

/** What the person did in the boxes, named for what happened. */
export type CodeEntryEvent =
  /**
   * Text arrived in box `index`: one typed character, a paste, or a whole code from autofill
   * (iOS, Android, password managers fire `input`, not `paste`). Non-digits are stripped.
   */
  | { readonly type: 'textEntered'; readonly index: number; readonly text: string }
  | { readonly type: 'backspacePressed'; readonly index: number }
  | { readonly type: 'deletePressed'; readonly index: number }
  | { readonly type: 'arrowPressed'; readonly index: number; readonly direction: 'left' | 'right' }
  | { readonly type: 'homePressed' }
  | { readonly type: 'endPressed' }
  | { readonly type: 'boxFocused'; readonly index: number }
  | { readonly type: 'cleared' }
