/**
 * The page's start, as the entry runs it: the flow first (`bootFlow`: the configuration, the page
 * read once, the first effects), then the views (`renderApp`, React, in their own chunk, which
 * index.html preloads beside the entry so the email step's first load does not wait for it).
 *
 * When the first transition sent requests (a return from a provider: the token request or the
 * product API call; a session to check), the views are asked for only once those requests have
 * left, so neither React's evaluation nor its first render can come before them. Which returns
 * send what is auth-core's to decide (the `booting` step), not this module's.
 *
 * No task of the start is long (a long task after the first paint is blocking time): the views'
 * chunk is evaluated in a task of its own, and the page yields again before rendering them, whose
 * hydration React then does in slices (`renderApp`).
 *
 * When the views cannot be loaded, the page says so and offers to reload (`showViewsFailed`).
 */
import { bootFlow } from './bootFlow'
import type { StartOptions } from './bootFlow'
import { requestsSent } from './flow/runEffect'
import { showViewsFailed } from './showViewsFailed'
import type { renderApp } from './startApp'

/** The views' chunk (`startApp.tsx`). */
export type LoadViews = () => Promise<{ readonly renderApp: typeof renderApp }>

/** Starts the flow in this task, then renders the views into `container` once they arrive. */
export async function startPage(
  container: HTMLElement,
  options: StartOptions,
  loadViews: LoadViews,
): Promise<void> {
  const booted = bootFlow(options)
  if (booted.ok) await requestsSent(booted.adapters)
  let views: Awaited<ReturnType<LoadViews>>
  try {
    views = await loadViews()
  } catch (error) {
    console.error(error)
    const reload = booted.ok ? booted.adapters.location.reload : () => window.location.reload()
    showViewsFailed(container, reload)
    return
  }
  await nextTask()
  views.renderApp(container, booted, options)
}

/** Resolves in a later task: what the current one has done is over, and the browser may run. */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))
