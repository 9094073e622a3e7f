/**
 * The page's root for tests that start the app in it: `#root` in the body for each test, what
 * React and the page report collected (console errors, uncaught errors), and the app the test
 * started unmounted after it.
 */
import { act } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'
import type { StartedApp } from '../startApp'

export interface PageRoot {
  /** `#root`, in the body for the length of the test. */
  container: HTMLElement
  /** Console errors and uncaught errors since the test began. */
  problems: unknown[]
  /** The app the test started: unmounted after it. */
  started: StartedApp | null
  /** Unmounts the app the test started, if any (a test starting it again; also after each test). */
  unmount(): void
}

/** Registers the root's set-up and clean-up around each test of the file; returns the root. */
export function pageRootPerTest(): PageRoot {
  const root: PageRoot = {
    container: document.createElement('div'),
    problems: [],
    started: null,
    unmount() {
      if (root.started) act(() => root.started?.unmount())
      root.started = null
    },
  }
  const onError = (event: ErrorEvent) => root.problems.push(event.error ?? event.message)
  beforeEach(() => {
    root.problems = []
    vi.spyOn(console, 'error').mockImplementation((...args) => root.problems.push(args.join(' ')))
    window.addEventListener('error', onError)
    root.container = document.createElement('div')
    root.container.id = 'root'
    document.body.append(root.container)
  })
  afterEach(() => {
    root.unmount()
    window.removeEventListener('error', onError)
    root.container.remove()
  })
  return root
}
