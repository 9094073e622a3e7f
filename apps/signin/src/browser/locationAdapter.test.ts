import { afterEach, describe, expect, it } from 'vitest'
import { createLocationAdapter } from './locationAdapter'

afterEach(() => window.history.replaceState(null, '', '/'))

describe('createLocationAdapter', () => {
  it('setStep with the empty hash: the root path, whatever path the page was opened at', () => {
    window.history.replaceState(null, '', '/anything/deeper#sign-in')
    createLocationAdapter(window).setStep('', null, 'replace')
    expect(window.location.href).toBe('https://signin.example.com/')
    expect(window.history.state).toEqual({ email: null })
  })

  it('setStep keeps the query (it may choose the language)', () => {
    window.history.replaceState(null, '', '/anything?lang=de#sign-in')
    createLocationAdapter(window).setStep('', null, 'replace')
    expect(window.location.href).toBe('https://signin.example.com/?lang=de')
    createLocationAdapter(window).setStep('#sign-in', 'pat@example.com', 'push')
    expect(window.location.href).toBe('https://signin.example.com/?lang=de#sign-in')
  })

  it('setStep with a step hash: that hash on the root path, the email kept in the entry', () => {
    window.history.replaceState(null, '', '/anything')
    const before = window.history.length
    createLocationAdapter(window).setStep('#sign-in', 'pat@example.com', 'push')
    expect(window.location.href).toBe('https://signin.example.com/#sign-in')
    expect(window.history.state).toEqual({ email: 'pat@example.com' })
    expect(window.history.length).toBe(before + 1)
  })

  it('pathname: the path the page is at, before any reset (tossed cookies are expired at its ancestors)', () => {
    window.history.replaceState(null, '', '/a/b?lang=de#sign-in')
    const location = createLocationAdapter(window)
    expect(location.pathname()).toBe('/a/b')
    location.setStep('', null, 'replace')
    expect(location.pathname()).toBe('/')
  })

  it('clearUrl: the root path, without query or fragment, in the same entry', () => {
    window.history.replaceState(null, '', '/anything?code=c&state=s#code=c')
    const before = window.history.length
    createLocationAdapter(window).clearUrl()
    expect(window.location.href).toBe('https://signin.example.com/')
    expect(window.history.length).toBe(before)
  })
})
