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
 *
 * Any page driven over the DevTools protocol, Playwright's or Lighthouse's, has V8's inspector
 * attached, and the inspector asks V8 for a detailed stack trace of every `Error` created: the
 * source positions of each function on the stack, for which V8 parses those functions again.
 * React DOM creates an `Error` while its module is evaluated, with its 200 KB module function and
 * the views' 245 KB chunk on the stack: 14.5 ms inspected, about 0.1 ms not. So the page is measured
 * twice: as Lighthouse sees it (`measureMainThread`, Playwright) and as a visitor's browser runs it
 * (`measureMainThreadUninspected`, Chromium started with no DevTools protocol at all).
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
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
    return afterFirstPaint(gaps, firstPaint)
  } finally {
    await context.close()
  }
}

/** The figures of one load from its gaps (`[start, duration]`, ms) and its first paint. */
function afterFirstPaint(gaps: readonly [number, number][], firstPaint: number): MainThreadRun {
  const tasks = gaps.filter(([at]) => at >= firstPaint).map(([, duration]) => duration)
  return {
    longestTaskMs: Math.max(0, ...tasks),
    blockingAt4xMs: tasks.reduce(
      (sum, duration) => sum + Math.max(0, SLOWDOWN * duration - LONG_TASK_MS),
      0,
    ),
  }
}

/** What the uninspected page posts back once its window is over. */
interface ProbeReport {
  readonly gaps: [number, number][]
  readonly firstPaint: number | null
}

/** Posts the probe's gaps and the first contentful paint to `/__probe` after `windowMs`. */
function report(windowMs: number): void {
  setTimeout(() => {
    const gaps = (window as unknown as { __mainThreadGaps: [number, number][] }).__mainThreadGaps
    const firstPaint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null
    void fetch('/__probe', { method: 'POST', body: JSON.stringify({ gaps, firstPaint }) })
  }, windowMs + 200)
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
}

/**
 * One load of the build in `dist`, in `locale` (its prerendered variant, `index.<locale>.html`, as
 * nginx serves it to a browser asking for that language, and the browser's own language), by a
 * Chromium started with `chromiumArgs` and no DevTools protocol: a fresh profile, nothing cached.
 * The build is served over plain HTTP from here with the probe as the first script of its head
 * (nginx's CSP would refuse an inline script it has no hash for); the page's own work is the same.
 */
export async function measureMainThreadUninspected(
  chromiumPath: string,
  chromiumArgs: readonly string[],
  dist: string,
  locale: string,
): Promise<MainThreadRun> {
  const page = locale === 'en' ? 'index.html' : `index.${locale}.html`
  if (!existsSync(join(dist, page))) throw new Error(`${dist} has no ${page}`)
  const probeScript = `<script>(${probe.toString()})(${WINDOW_MS});(${report.toString()})(${WINDOW_MS})</script>`
  let received: (value: ProbeReport) => void = () => undefined
  const reported = new Promise<ProbeReport>((resolve) => (received = resolve))
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://probe').pathname
    if (path === '/__probe' && request.method === 'POST') {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        response.end()
        received(JSON.parse(body) as ProbeReport)
      })
      return
    }
    const file = join(dist, normalize(path === '/' ? page : path))
    if (!file.startsWith(dist) || !existsSync(file) || extname(file) === '') {
      response.writeHead(404).end()
      return
    }
    const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream'
    const body =
      extname(file) === '.html'
        ? readFileSync(file, 'utf8').replace('<head>', `<head>${probeScript}`)
        : readFileSync(file)
    response.writeHead(200, { 'content-type': type }).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const profile = mkdtempSync(join(tmpdir(), 'bench-probe-'))
  const { port } = server.address() as AddressInfo
  const browser = spawn(
    chromiumPath,
    [
      ...chromiumArgs,
      `--lang=${locale}`,
      `--user-data-dir=${profile}`,
      `http://127.0.0.1:${port}/`,
    ],
    // Its own process group, so that its renderer and helpers stop with it.
    { stdio: 'ignore', detached: true },
  )
  try {
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${page}: no report within 30 s`)), 30_000).unref(),
    )
    const { gaps, firstPaint } = await Promise.race([reported, timeout])
    if (firstPaint === null) throw new Error(`${page}: no first contentful paint`)
    return afterFirstPaint(gaps, firstPaint)
  } finally {
    if (browser.exitCode === null && browser.signalCode === null) {
      const exited = new Promise((resolve) => browser.once('exit', resolve))
      process.kill(-browser.pid!, 'SIGTERM')
      await exited
    }
    server.close()
    // Chromium's helpers may still be writing the profile for a moment after it exits.
    await rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
  }
}
