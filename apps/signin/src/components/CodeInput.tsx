import { useLayoutEffect, useRef } from 'react'
import type { ChangeEvent, ClipboardEvent, KeyboardEvent } from 'react'
import { CODE_LENGTH, getCodeInputAttrs } from '@mapping-platform/auth-core'
import type { CodeEntryEvent, CodeEntryState } from '@mapping-platform/auth-core'
import { useI18n } from '../i18n/I18nContext'
// This step's English texts load with it, not in the first load.

export interface CodeInputProps {
  readonly code: CodeEntryState
  /** Marks the boxes invalid (the step shows an error). */
  readonly invalid: boolean
  /** A code is being checked: the boxes keep focus but take no input. */
  readonly busy: boolean
  readonly labelledBy: string
  readonly describedBy: string
  readonly onEdit: (input: CodeEntryEvent) => void
  readonly onSubmit: () => void
}

const KEY_EVENTS: Readonly<Record<string, (index: number) => CodeEntryEvent>> = {
  Backspace: (index) => ({ type: 'backspacePressed', index }),
  Delete: (index) => ({ type: 'deletePressed', index }),
  ArrowLeft: (index) => ({ type: 'arrowPressed', index, direction: 'left' }),
  ArrowRight: (index) => ({ type: 'arrowPressed', index, direction: 'right' }),
  Home: () => ({ type: 'homePressed' }),
  End: () => ({ type: 'endPressed' }),
}

/**
 * Six single-digit boxes in one labelled group, driven by auth-core's code-entry reducer: the
 * attributes come from `getCodeInputAttrs`, every edit is sent as an event, and focus follows
 * `code.focusedIndex`. A whole code pasted or autofilled into any box fills all six (autofill
 * fires `input`, not `paste`, so both are handled).
 */
export function CodeInput(props: CodeInputProps) {
  const { t } = useI18n()
  const { code, onEdit } = props
  const boxes = useRef<(HTMLInputElement | null)[]>([])

  // Focus follows the reducer: on mount, after every edit, and to the first box after a reset.
  // A layout effect, so the next key of a fast typist already lands in the next box.
  useLayoutEffect(() => {
    const box = boxes.current[code.focusedIndex]
    if (box && box.ownerDocument.activeElement !== box) box.focus()
  }, [code])

  const onChange = (index: number) => (event: ChangeEvent<HTMLInputElement>) => {
    const native = event.nativeEvent as InputEvent
    if (native.inputType?.startsWith('delete')) onEdit({ type: 'backspacePressed', index })
    // Typing carries its character in `data`; autofill replaces the value and may carry none.
    else onEdit({ type: 'textEntered', index, text: native.data || event.currentTarget.value })
  }
  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    onEdit({ type: 'textEntered', index, text: event.clipboardData.getData('text') })
  }
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      props.onSubmit()
      return
    }
    const toEvent = KEY_EVENTS[event.key]
    if (!toEvent || event.altKey || event.ctrlKey || event.metaKey) return
    event.preventDefault()
    onEdit(toEvent(index))
  }

  return (
    // A code reads left to right in every language: the boxes stay in that order inside a
    // right-to-left page, and the arrow keys move the way they point.
    <div
      className="code-boxes"
      dir="ltr"
      role="group"
      aria-labelledby={props.labelledBy}
      aria-describedby={props.describedBy}
    >
      {Array.from({ length: CODE_LENGTH }, (_, index) => {
        const { 'aria-invalid': invalid, ...attrs } = getCodeInputAttrs(code, index, {
          invalid: props.invalid,
          label: (position, total) => t('code.digitLabel', { position, total }),
        })
        return (
          <input
            key={index}
            ref={(element) => {
              boxes.current[index] = element
            }}
            className="code-box"
            {...attrs}
            aria-invalid={invalid ? true : undefined}
            readOnly={props.busy}
            onChange={onChange(index)}
            onPaste={onPaste(index)}
            onKeyDown={onKeyDown(index)}
            onFocus={(event) => {
              event.currentTarget.select()
              onEdit({ type: 'boxFocused', index })
            }}
          />
        )
      })}
    </div>
  )
}
