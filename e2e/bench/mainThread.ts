/**
 * A page's main thread after its first contentful paint, measured from inside the page and without
 * tracing. Lighthouse computes its blocking time from a trace, and tracing lengthens exactly the
 * tasks that matter here: while it records, Chromium writes each script's source into the trace
 * and V8 collects the source positions of what it compiles (traced, the views' chunk evaluated in
 * 21–25 ms; in the same Chromium untraced, in 16–20 ms), so a few milliseconds decide whether a
 * task counts as long, and the same build measured 8 and 27.5 ms of blocking time in two runs of
 * five. Here an init script keeps a `MessageChannel` ping going from the document's start: the time
 * between two pings is how long the main thread was busy with something else (a task, or two back
 * to back), with no instrumentation inside the page's own work.
 *
 * Per load, over the first WINDOW_MS: the longest such task after the first contentful paint, and
 * the blocking time they would make on a CPU four times slower (Lighthouse's mobile slowdown):
 * the sum over them of 4 × duration − 50 ms, where positive.
 * @see https://web.dev/articles/tbt
 */
import type { Browser } from '@playwright/test'

/** How long each load is watched (ms): well past the page's start. */
const WINDOW_MS = 3000
/** Lighthouse's mobile CPU slowdown, and the length from which a task blocks (ms). */
const SLOWDOWN = 4
const LONG_TASK_MS = 50

export interface MainThreadRun {
  /** The longest task after the first contentful paint (ms, as measured). */
  readonly longestTaskMs: number
  /** Σ max(0, 4 × task − 50 ms) over the tasks after the first contentful paint. */
  readonly blockingAt4xMs: number
}

/** Runs in the page before any of its scripts: records every gap of 2 ms or more between pings. */
function probe(windowMs: number): void {
  const gaps: [number, number][] = []
  ;(window as unknown as { __mainThreadGaps: typeof gaps }).__mainThreadGaps = gaps
  const channel = new MessageChannel()
  let last = performance.now()
  channel.port1.onmessage = () => {
    const now = performance.now()
    if (now - last >= 2) gaps.push([last, now - last])
    last = now
    if (now < windowMs) channel.port2.postMessage(null)
  }
  channel.port2.postMessage(null)
}

/** One load of `url` in a fresh context (nothing cached), asking for `acceptLanguage`. */
export async function measureMainThread(
  browser: Browser,
  url: string,
  acceptLanguage: string,
): Promise<MainThreadRun> {
  // As Lighthouse's `--accept-lang`: the header (nginx picks the variant) and the browser's languages.
  const context = await browser.newContext({ locale: acceptLanguage.split(',')[0]! })
  try {
    const page = await context.newPage()
    await page.addInitScript(probe, WINDOW_MS)
    await page.goto(url)
    await page.waitForTimeout(WINDOW_MS + 200)
    const { gaps, firstPaint } = await page.evaluate(() => ({
      gaps: (window as unknown as { __mainThreadGaps: [number, number][] }).__mainThreadGaps,
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    }))
    if (firstPaint === undefined) throw new Error(`${url}: no first contentful paint`)
    const tasks = gaps.filter(([at]) => at >= firstPaint).map(([, duration]) => duration)
    return {
      longestTaskMs: Math.max(0, ...tasks),
      blockingAt4xMs: tasks.reduce(
        (sum, duration) => sum + Math.max(0, SLOWDOWN * duration - LONG_TASK_MS),
        0,
      ),
    }
  } finally {
    await context.close()
  }
}
