import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { codeEntryReducer, selectCodeValue, selectIsCodeComplete } from './codeEntry'
import { initialCodeEntry } from './initialCodeEntry'
import { getCodeInputAttrs } from './codeEntry.attrs'
import type { CodeEntryEvent, CodeEntryState } from './codeEntry.types'

function apply(
  events: CodeEntryEvent[],
  start: CodeEntryState = initialCodeEntry(),
): CodeEntryState {
  return events.reduce(codeEntryReducer, start)
}

function typed(text: string): CodeEntryState {
  return apply(
    [...text].map((char, index) => ({ type: 'textEntered', index, text: char }) as const),
  )
}

describe('codeEntryReducer', () => {
  it('on a typed digit: fills the box and advances focus', () => {
    const state = apply([{ type: 'textEntered', index: 0, text: '4' }])
    expect(state.digits).toEqual(['4', '', '', '', '', ''])
    expect(state.focusedIndex).toBe(1)
  })

  it.each(['0', '9'])('on a typed %s (the ends of the digit range): fills the box', (digit) => {
    const state = apply([{ type: 'textEntered', index: 0, text: digit }])
    expect(state.digits).toEqual([digit, '', '', '', '', ''])
    expect(state.focusedIndex).toBe(1)
  })

  it('on a code with zeros typed box by box: keeps every zero', () => {
    const state = typed('102030')
    expect(selectCodeValue(state)).toBe('102030')
    expect(selectIsCodeComplete(state)).toBe(true)
  })

  it('on a code with zeros pasted: keeps every zero', () => {
    const state = apply([{ type: 'textEntered', index: 0, text: '000 907' }])
    expect(selectCodeValue(state)).toBe('000907')
  })

  it.each(['/', ':'])('on a typed %s (just outside the digit range): strips it', (char) => {
    const start = initialCodeEntry()
    expect(codeEntryReducer(start, { type: 'textEntered', index: 0, text: char })).toBe(start)
  })

  // A Japanese IME types full-width digits; Arabic keyboards type Arabic-Indic (U+0660-0669) or,
  // in Persian and Urdu layouts, Eastern Arabic-Indic (U+06F0-06F9) digits. The page ships ja and ar.
  it.each([
    ['full-width', '\uFF10\uFF11\uFF12\uFF13\uFF14\uFF15\uFF16\uFF17\uFF18\uFF19'],
    ['Arabic-Indic', '\u0660\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668\u0669'],
    ['Eastern Arabic-Indic', '\u06F0\u06F1\u06F2\u06F3\u06F4\u06F5\u06F6\u06F7\u06F8\u06F9'],
  ])('on %s digits, typed or pasted: folded to ASCII', (_script, zeroToNine) => {
    const chars = [...zeroToNine]
    // Typed one by one, each of the ten digits in turn.
    chars.forEach((char, value) =>
      expect(apply([{ type: 'textEntered', index: 0, text: char }]).digits[0]).toBe(String(value)),
    )
    expect(selectCodeValue(typed(chars.slice(4).join('')))).toBe('456789')
    // Pasted with a separator, as a whole code.
    const pasted = `${chars.slice(0, 3).join('')} ${chars.slice(7).join('')}9`
    const state = apply([{ type: 'textEntered', index: 3, text: pasted }])
    expect(selectCodeValue(state)).toBe('012789')
    expect(selectIsCodeComplete(state)).toBe(true)
  })

  it.each(['\uFF0F', '\uFF1A', '\u065F', '\u066A', '\u06EF', '\u06FA', '\u0966'])(
    'on %s (next to a folded digit range, or another script): strips it',
    (char) => {
      const start = initialCodeEntry()
      expect(codeEntryReducer(start, { type: 'textEntered', index: 0, text: char })).toBe(start)
    },
  )

  it('on a typed non-digit: strips it and keeps focus', () => {
    const start = initialCodeEntry()
    const state = codeEntryReducer(start, { type: 'textEntered', index: 0, text: 'a' })
    expect(state).toBe(start)
  })

  it('on six typed digits: the code is complete and focus stays on the last box', () => {
    const state = typed('123456')
    expect(selectCodeValue(state)).toBe('123456')
    expect(selectIsCodeComplete(state)).toBe(true)
    expect(state.focusedIndex).toBe(5)
  })

  it('on a digit typed into a filled box: replaces it', () => {
    const state = apply([{ type: 'textEntered', index: 2, text: '9' }], typed('123456'))
    expect(selectCodeValue(state)).toBe('129456')
  })

  it.each([0, 2, 5])(
    'on a whole code pasted or autofilled into box %i: fills all six from the first',
    (index) => {
      const state = apply([{ type: 'textEntered', index, text: '987654' }])
      expect(state.digits).toEqual(['9', '8', '7', '6', '5', '4'])
      expect(state.focusedIndex).toBe(5)
    },
  )

  it('on pasted text with separators and extra digits: keeps the first six digits', () => {
    const state = apply([{ type: 'textEntered', index: 3, text: 'Your code is 123 456 789' }])
    expect(selectCodeValue(state)).toBe('123456')
  })

  it('on a partial paste: fills from the box pasted into and moves focus past it', () => {
    const state = apply([{ type: 'textEntered', index: 2, text: '7-8' }])
    expect(state.digits).toEqual(['', '', '7', '8', '', ''])
    expect(state.focusedIndex).toBe(4)
  })

  it('on a partial paste near the end: drops what does not fit', () => {
    const state = apply([{ type: 'textEntered', index: 4, text: '1234' }])
    expect(state.digits).toEqual(['', '', '', '', '1', '2'])
    expect(state.focusedIndex).toBe(5)
  })

  it('on backspace in a filled box: clears it and keeps focus', () => {
    const state = apply([{ type: 'backspacePressed', index: 3 }], {
      ...typed('1234'),
      focusedIndex: 3,
    })
    expect(state.digits).toEqual(['1', '2', '3', '', '', ''])
    expect(state.focusedIndex).toBe(3)
  })

  it('on backspace in an empty box: clears the previous box and moves to it', () => {
    const state = apply([{ type: 'backspacePressed', index: 4 }], typed('1234'))
    expect(state.digits).toEqual(['1', '2', '3', '', '', ''])
    expect(state.focusedIndex).toBe(3)
  })

  it('on backspace in the empty first box: nothing changes', () => {
    const start = initialCodeEntry()
    expect(codeEntryReducer(start, { type: 'backspacePressed', index: 0 })).toBe(start)
    const moved = codeEntryReducer(
      { ...start, focusedIndex: 2 },
      { type: 'backspacePressed', index: 0 },
    )
    expect(moved.focusedIndex).toBe(0)
  })

  it('on delete in an empty box: nothing to clear, focus moves to that box', () => {
    const state = apply([{ type: 'deletePressed', index: 4 }], typed('123'))
    expect(state.digits).toEqual(['1', '2', '3', '', '', ''])
    expect(state.focusedIndex).toBe(4)
  })

  it('on delete: clears the current box without moving', () => {
    const state = apply([{ type: 'deletePressed', index: 1 }], typed('123'))
    expect(state.digits).toEqual(['1', '', '3', '', '', ''])
    expect(state.focusedIndex).toBe(1)
    expect(apply([{ type: 'deletePressed', index: 4 }], typed('123')).focusedIndex).toBe(4)
  })

  it('on arrows, Home and End: moves focus within the six boxes', () => {
    const start = typed('12')
    expect(
      codeEntryReducer(start, { type: 'arrowPressed', index: 2, direction: 'left' }).focusedIndex,
    ).toBe(1)
    expect(
      codeEntryReducer(start, { type: 'arrowPressed', index: 2, direction: 'right' }).focusedIndex,
    ).toBe(3)
    expect(
      codeEntryReducer(start, { type: 'arrowPressed', index: 0, direction: 'left' }).focusedIndex,
    ).toBe(0)
    expect(
      codeEntryReducer(start, { type: 'arrowPressed', index: 5, direction: 'right' }).focusedIndex,
    ).toBe(5)
    expect(codeEntryReducer(start, { type: 'homePressed' }).focusedIndex).toBe(0)
    expect(codeEntryReducer(start, { type: 'endPressed' }).focusedIndex).toBe(5)
  })

  it('on a box focused by click: focus follows, and the same box is a no-op', () => {
    const start = initialCodeEntry()
    expect(codeEntryReducer(start, { type: 'boxFocused', index: 3 }).focusedIndex).toBe(3)
    expect(codeEntryReducer(start, { type: 'boxFocused', index: 0 })).toBe(start)
  })

  it('on cleared: empties every box and focuses the first', () => {
    expect(apply([{ type: 'cleared' }], typed('123456'))).toEqual(initialCodeEntry())
  })

  it('on an unknown event: returns the same state', () => {
    const start = initialCodeEntry()
    expect(codeEntryReducer(start, { type: 'shaken' } as unknown as CodeEntryEvent)).toBe(start)
  })

  it('property: any sequence of events keeps six single-digit-or-empty boxes and focus in range', () => {
    const index = fc.integer({ min: -3, max: 9 })
    const event: fc.Arbitrary<CodeEntryEvent> = fc.oneof(
      fc.record({
        type: fc.constant('textEntered' as const),
        index,
        text: fc.string({ maxLength: 12 }),
      }),
      fc.record({ type: fc.constant('backspacePressed' as const), index }),
      fc.record({ type: fc.constant('deletePressed' as const), index }),
      fc.record({
        type: fc.constant('arrowPressed' as const),
        index,
        direction: fc.constantFrom('left' as const, 'right' as const),
      }),
      fc.constantFrom(
        { type: 'homePressed' as const },
        { type: 'endPressed' as const },
        { type: 'cleared' as const },
      ),
      fc.record({ type: fc.constant('boxFocused' as const), index }),
    )
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        const state = apply(events)
        expect(state.digits).toHaveLength(6)
        for (const digit of state.digits) expect(digit).toMatch(/^[0-9]?$/)
        expect(state.focusedIndex).toBeGreaterThanOrEqual(0)
        expect(state.focusedIndex).toBeLessThanOrEqual(5)
      }),
    )
  })
})

describe('selectIsCodeComplete', () => {
  it.each([
    ['five boxes, all filled', ['1', '2', '3', '4', '5']],
    ['six boxes, one empty', ['1', '2', '3', '', '5', '6']],
    ['a box holding two digits', ['12', '3', '4', '5', '6', '7']],
    ['a box holding a digit after a letter', ['a1', '2', '3', '4', '5', '6']],
    ['a box holding a digit before a letter', ['1a', '2', '3', '4', '5', '6']],
  ])('is false for %s', (_label, digits) => {
    expect(selectIsCodeComplete({ digits, focusedIndex: 0 })).toBe(false)
  })
})

describe('getCodeInputAttrs', () => {
  it('gives every attribute of a filled box, as a view spreads them', () => {
    expect(getCodeInputAttrs(typed('12'), 1)).toEqual({
      'aria-label': 'Digit 2 of 6',
      'aria-invalid': false,
      type: 'text',
      inputMode: 'numeric',
      autoComplete: 'one-time-code',
      pattern: '[0-9]*',
      enterKeyHint: 'next',
      tabIndex: -1,
      value: '2',
      autoCapitalize: 'off',
      autoCorrect: 'off',
      spellCheck: false,
      'data-filled': true,
    })
  })

  it('names each box "Digit n of 6" and asks for the numeric one-time-code keyboard', () => {
    const state = typed('12')
    const attrs = getCodeInputAttrs(state, 0)
    expect(attrs['aria-label']).toBe('Digit 1 of 6')
    expect(getCodeInputAttrs(state, 5)['aria-label']).toBe('Digit 6 of 6')
    expect(attrs).toMatchObject({
      inputMode: 'numeric',
      autoComplete: 'one-time-code',
      type: 'text',
      value: '1',
    })
    expect(attrs).not.toHaveProperty('maxLength')
  })

  it('keeps only the focused box in the tab order and marks the last as done', () => {
    const state = typed('12')
    expect([0, 1, 2, 3, 4, 5].map((index) => getCodeInputAttrs(state, index).tabIndex)).toEqual([
      -1, -1, 0, -1, -1, -1,
    ])
    expect(getCodeInputAttrs(state, 4).enterKeyHint).toBe('next')
    expect(getCodeInputAttrs(state, 5).enterKeyHint).toBe('done')
    expect(getCodeInputAttrs(state, 3)['data-filled']).toBe(false)
  })

  it('uses a translated label and the invalid flag when given', () => {
    const attrs = getCodeInputAttrs(initialCodeEntry(), 1, {
      invalid: true,
      label: (n, total) => `Chiffre ${n} sur ${total}`,
    })
    expect(attrs['aria-label']).toBe('Chiffre 2 sur 6')
    expect(attrs['aria-invalid']).toBe(true)
  })
})
