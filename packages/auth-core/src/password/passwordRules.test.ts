import { describe, expect, it } from 'vitest'
import type { PasswordComplexity } from '../authn/authn.types'
import { meetsPasswordRule, newPasswordProblem, passwordRules } from './passwordRules'

/** The policy of the recorded PASSWORD_EXPIRED fixture. */
const FIXTURE: PasswordComplexity = {
  minLength: 8,
  minLowerCase: 1,
  minUpperCase: 1,
  minNumber: 1,
  minSymbol: 1,
  excludeUsername: true,
  excludeAttributes: ['firstName', 'lastName'],
}
const INCA = { login: 'inca@clouditude.net', firstName: 'Inca-Louise', lastName: "O'Rain Dum" }

describe('passwordRules', () => {
  it('lists the rules that apply, in checklist order, leaving out 0 and false', () => {
    expect(passwordRules(FIXTURE).map((rule) => rule.id)).toEqual([
      'minLength',
      'minLowerCase',
      'minUpperCase',
      'minNumber',
      'minSymbol',
      'excludeUsername',
      'excludeFirstName',
      'excludeLastName',
    ])
    expect(
      passwordRules({ ...FIXTURE, minSymbol: 0, excludeUsername: false, excludeAttributes: [] }),
    ).toEqual([
      { id: 'minLength', count: 8 },
      { id: 'minLowerCase', count: 1 },
      { id: 'minUpperCase', count: 1 },
      { id: 'minNumber', count: 1 },
    ])
  })

  it('checks each rule: code points for length, ASCII classes, names ignoring case', () => {
    const meets = (id: string, password: string, count = 1) =>
      meetsPasswordRule({ id, count } as never, password, INCA)
    expect(meets('minLength', '🔑🔑🔑', 3)).toBe(true)
    expect(meets('minLength', 'abc', 4)).toBe(false)
    expect(meets('minLowerCase', 'ABC')).toBe(false)
    expect(meets('minUpperCase', 'abC')).toBe(true)
    expect(meets('minNumber', 'abc')).toBe(false)
    expect(meets('minSymbol', 'ab c')).toBe(true)
    expect(meets('excludeUsername', 'myINCA-pass')).toBe(false)
    expect(meets('excludeFirstName', 'inca-louise!')).toBe(false)
    expect(meets('excludeLastName', 'Fresh-1')).toBe(true)
    expect(meetsPasswordRule({ id: 'excludeUsername' }, 'inca', null)).toBe(true)
  })
})

describe('meetsPasswordRule at the exact boundaries', () => {
  const meets = (id: string, password: string, count: number) =>
    meetsPasswordRule({ id, count } as never, password, INCA)

  it.each([
    ['minLength', '🔑!', '🔑'],
    ['minLowerCase', 'abCD12', 'aBCD12'],
    ['minUpperCase', 'ABcd12', 'Abcd12'],
    ['minNumber', 'ab12', 'ab1!'],
    ['minSymbol', 'ab!?', 'ab!1'],
  ])('%s of 2 is met by exactly 2 (%s), not by 1 (%s)', (id, exactly, oneFewer) => {
    expect(meets(id, exactly, 2)).toBe(true)
    expect(meets(id, oneFewer, 2)).toBe(false)
  })

  it('counts only digits as numbers: symbols and letters do not make up for a missing digit', () => {
    expect(meets('minNumber', 'abc!?#', 1)).toBe(false)
    expect(meets('minNumber', 'ABC1', 1)).toBe(true)
  })

  it('counts as a symbol anything but ASCII letters and digits: punctuation, space, é, emoji', () => {
    expect(meets('minSymbol', 'Abc123', 1)).toBe(false)
    expect(meets('minSymbol', 'abc1!', 2)).toBe(false)
    expect(meets('minSymbol', 'Café1', 1)).toBe(true)
    expect(meets('minSymbol', 'key 🔑', 2)).toBe(true)
    expect(meets('minLowerCase', 'ÉÉé', 1)).toBe(false)
    expect(meets('minUpperCase', 'Éé', 1)).toBe(false)
  })
})

describe('name rules when the user or a name is missing', () => {
  const rule = (id: 'excludeUsername' | 'excludeFirstName' | 'excludeLastName') => ({ id })

  it('meets every name rule when Okta sent no user', () => {
    expect(meetsPasswordRule(rule('excludeUsername'), 'inca-1', null)).toBe(true)
    expect(meetsPasswordRule(rule('excludeFirstName'), 'inca-1', null)).toBe(true)
    expect(meetsPasswordRule(rule('excludeLastName'), 'dum-1', null)).toBe(true)
  })

  it('meets a name rule whose attribute is missing, and checks the one that is present', () => {
    const noFirst = { ...INCA, firstName: null }
    const noLast = { ...INCA, lastName: null }
    expect(meetsPasswordRule(rule('excludeFirstName'), 'null-Inca-1', noFirst)).toBe(true)
    expect(meetsPasswordRule(rule('excludeLastName'), 'null-1', noLast)).toBe(true)
    expect(meetsPasswordRule(rule('excludeLastName'), "x-o'rain dum-1", noFirst)).toBe(false)
    expect(meetsPasswordRule(rule('excludeFirstName'), 'my-INCA-LOUISE', noLast)).toBe(false)
  })

  it('checks a name of three characters or more, not a shorter one', () => {
    const al = { login: 'al@example.com', firstName: 'Al', lastName: 'Ng' }
    const ann = { login: 'ann@example.com', firstName: 'Ann', lastName: 'Lee' }
    expect(meetsPasswordRule(rule('excludeFirstName'), 'Always-1', al)).toBe(true)
    expect(meetsPasswordRule(rule('excludeLastName'), 'Ngong-1', al)).toBe(true)
    expect(meetsPasswordRule(rule('excludeUsername'), 'Always-1', al)).toBe(true)
    expect(meetsPasswordRule(rule('excludeFirstName'), 'Annabel-1', ann)).toBe(false)
    expect(meetsPasswordRule(rule('excludeLastName'), 'Fleet-1', ann)).toBe(false)
    expect(meetsPasswordRule(rule('excludeUsername'), 'Banner-1', ann)).toBe(false)
  })
})

describe('newPasswordProblem', () => {
  it('names the first unmet rule, then a differing confirmation, else nothing', () => {
    expect(newPasswordProblem(FIXTURE, INCA, 'Ab1!', 'Ab1!')).toBe('new_password_too_short')
    expect(newPasswordProblem(FIXTURE, INCA, 'abcdefg1!', 'abcdefg1!')).toBe(
      'new_password_too_simple',
    )
    expect(newPasswordProblem(FIXTURE, INCA, 'Inca-rules-1', 'Inca-rules-1')).toBe(
      'new_password_contains_name',
    )
    expect(newPasswordProblem(FIXTURE, INCA, 'Fresh-start-1', 'Fresh-start-2')).toBe(
      'new_password_mismatch',
    )
    expect(newPasswordProblem(FIXTURE, INCA, 'Fresh-start-1', 'Fresh-start-1')).toBeNull()
  })

  it('without a policy: only an empty password or a differing confirmation is refused', () => {
    expect(newPasswordProblem(null, null, '', '')).toBe('new_password_too_short')
    expect(newPasswordProblem(null, null, 'x', 'y')).toBe('new_password_mismatch')
    expect(newPasswordProblem(null, null, 'x', 'x')).toBeNull()
  })
})
