import { describe, expect, it } from 'vitest'
import { AUTH_ERROR_CODES } from '../errors/authError'
import { errorMessages } from '../errors/errorMessages'
import { LOCALES } from '../i18n/locales'
import { errorMessageIn, loadErrorMessages } from './loadErrorMessages'

describe('loadErrorMessages', () => {
  it('gives English its own record', async () => {
    expect(await loadErrorMessages('en')).toBe(errorMessages)
  })

  it('loads a catalogue for every supported locale, each code a text', async () => {
    for (const locale of LOCALES) {
      const catalogue = await loadErrorMessages(locale)
      for (const code of AUTH_ERROR_CODES) expect(errorMessageIn(catalogue, code)).not.toBe('')
    }
  })

  it('falls back to English per code when a catalogue lacks one or has it empty', () => {
    expect(errorMessageIn({ timeout: 'Zeitüberschreitung' }, 'timeout')).toBe('Zeitüberschreitung')
    expect(errorMessageIn({}, 'timeout')).toBe(errorMessages.timeout)
    expect(errorMessageIn({ timeout: '' }, 'timeout')).toBe(errorMessages.timeout)
  })
})
