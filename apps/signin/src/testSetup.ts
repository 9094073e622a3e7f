import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// Each test starts on a clean page: no rendered tree, no storage, no cookies, the root URL.
afterEach(() => {
  cleanup()
  sessionStorage.clear()
  for (const cookie of document.cookie.split('; ').filter(Boolean)) {
    const name = cookie.split('=')[0]
    document.cookie = `${name}=; max-age=0; path=/`
    document.cookie = `${name}=; max-age=0; path=/; domain=.example.com`
  }
  window.history.replaceState(null, '', '/')
  // The language a test switched the document to.
  document.documentElement.removeAttribute('lang')
  document.documentElement.removeAttribute('dir')
})
