/**
 * WebKit (Safari's engine): Debian's WebKitGTK `MiniBrowser`, launched by Debian's
 * `WebKitWebDriver` (webkit2gtk-driver) and driven by webdriverio as a plain WebDriver remote.
 * MiniBrowser needs a display: each driver runs under `xvfb-run`. The driver holds one session at
 * a time and a browser's language comes from its environment, so every session gets its own
 * driver, browser and display (about a second), stopped with the session.
 *
 * Set-up, not product:
 * - Names: WebKitGTK resolves through the system resolver; MiniBrowser is pointed at a proxy that
 *   maps `*.platform.test` to nginx (see `hostsProxy.ts` for why not /etc/hosts).
 * - TLS: exactly the run's test certificate is accepted, for exactly the run's host names
 *   (`webkitgtk:browserOptions.certificates`, WebKit's per-host certificate exception; the
 *   counterpart of Chromium's SPKI list), never every certificate (`acceptInsecureCerts` stays
 *   off): a page or call to any other name fails as it would in production.
 * - Cookies: MiniBrowser runs with Intelligent Tracking Prevention on (`--enable-itp`), as Safari
 *   ships. Without it WebKitGTK falls back to libsoup's "no third party" cookie policy, which
 *   finds a host's site through the Public Suffix List; `.test` is not in that list, so every host
 *   under `platform.test` counts as its own site, and Okta's host-only `DT` cookie set on a
 *   credentialed Authn answer to idp.platform.test from login.platform.test was refused as a
 *   third-party cookie. Measured with real names: login.example.com → idp.example.com keeps `DT`
 *   either way, and login.example.com → idp.other.org loses it either way (Safari's rule).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, type AddressInfo } from 'node:net'
import { existsSync, mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { remote } from 'webdriverio'
import { ORIGINS, ROOT_DIR, RUN_DIR } from '../../support/env'
import { run } from '../../support/processes'
import type {
  BrowserCookie,
  BrowserSession,
  EngineDriver,
  EnginePage,
  Key,
  SessionOptions,
  Target,
  Viewport,
} from '../driver'
import { cssOf, locateInPage } from '../locate'
import { startHostsProxy, type HostsProxy } from './hostsProxy'

type Remote = Awaited<ReturnType<typeof remote>>

export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver'
export const MINIBROWSER_PATH =
  process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'
const DEFAULT_VIEWPORT: Viewport = { width: 1280, height: 800 }
/** The test leaf certificate the global set-up wrote (`support/tls.ts`). */
const CERTIFICATE_PATH = join(RUN_DIR, 'tls', 'leaf.crt')
/** Debian's locale sources (package `locales`) and where compiled ones are kept between runs. */
const LOCALE_SOURCES = '/usr/share/i18n/locales'
const LOCALE_CACHE = join(ROOT_DIR, '.e2e-tmp', 'webkit-locales')

/** Every name the scenarios open or call: the certificate is accepted for these only. */
export const TLS_HOSTS: readonly string[] = [
  ORIGINS.app,
  ORIGINS.okta,
  ORIGINS.google,
  ORIGINS.api,
  ORIGINS.sentry,
  ORIGINS.subsite(ORIGINS.defaultSubsite),
  ORIGINS.secondSubsite,
].map((origin) => new URL(origin).hostname)

/** WebDriver's key code points (W3C WebDriver, "Keyboard actions"). */
const KEYS: Readonly<Record<Exclude<Key, 'Shift+Tab'>, string>> = {
  Backspace: '\uE003',
  Delete: '\uE017',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Home: '\uE011',
  End: '\uE010',
  Tab: '\uE004',
  Enter: '\uE007',
  Space: ' ',
  Escape: '\uE00C',
}
const SHIFT = '\uE008'
/** WebDriver's `sameSite` (any case; WebKit may say `default`) as the interface spells it. */
const SAME_SITE: Readonly<Record<string, BrowserCookie['sameSite']>> = {
  lax: 'Lax',
  strict: 'Strict',
  none: 'None',
}
const CONTROL = '\uE009'

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** One key sequence as WebDriver actions: each key down, then up, in order. */
async function keys(browser: Remote, sequence: readonly (readonly string[])[]): Promise<void> {
  const actions = sequence.flatMap((chord) => [
    ...chord.map((value) => ({ type: 'keyDown', value })),
    ...[...chord].reverse().map((value) => ({ type: 'keyUp', value })),
  ])
  await browser.performActions([{ type: 'key', id: 'keyboard', actions }])
  await browser.releaseActions()
}

/** A WebKitWebDriver under xvfb-run, in its own process group (stopped with everything it ran). */
interface DriverProcess {
  readonly port: number
  stop(): Promise<void>
}

/**
 * The environment that gives WebKitGTK the languages `locales` (navigator.languages and
 * Accept-Language come from the process's locale): the machine may have only the C locale, so the
 * first language's glibc locale is compiled once (`localedef`, from Debian's `locales` data) into
 * the run's cache and named through LOCPATH.
 */
function localeEnvironment(locales: readonly string[] | undefined): Record<string, string> {
  const first = locales?.[0]
  if (!first) return {}
  const [language = '', region] = first.split('-')
  const available = readdirSync(LOCALE_SOURCES)
  const name = [
    region ? `${language}_${region.toUpperCase()}` : `${language}_${language.toUpperCase()}`,
    ...available.filter((file) => file.startsWith(`${language}_`)).sort(),
  ].find((candidate) => available.includes(candidate))
  if (!name) throw new Error(`no glibc locale for ${first} in ${LOCALE_SOURCES}`)
  const compiled = join(LOCALE_CACHE, `${name}.UTF-8`)
  if (!existsSync(compiled)) {
    mkdirSync(LOCALE_CACHE, { recursive: true })
    run('localedef', ['-i', name, '-f', 'UTF-8', compiled])
  }
  return {
    LOCPATH: LOCALE_CACHE,
    LC_ALL: `${name}.UTF-8`,
    LANGUAGE: locales.map((locale) => locale.replace('-', '_')).join(':'),
  }
}

async function startDriver(locales: readonly string[] | undefined): Promise<DriverProcess> {
  const port = await freePort()
  const child: ChildProcess = spawn(
    'xvfb-run',
    ['-a', '-s', '-screen 0 1920x1200x24', WEBKIT_DRIVER_PATH, `--port=${port}`],
    {
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...localeEnvironment(locales) },
    },
  )
  let output = ''
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const deadline = Date.now() + 20_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited:\n${output}`)
    const ready = await fetch(`http://127.0.0.1:${port}/status`)
      .then((response) => response.ok)
      .catch(() => false)
    if (ready) break
    if (Date.now() > deadline) throw new Error(`WebKitWebDriver did not start:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    port,
    async stop() {
      if (child.exitCode !== null || child.pid === undefined) return
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {
        return
      }
      const late = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL')
        } catch {
          // gone
        }
      }, 5000)
      await exited
      clearTimeout(late)
    },
  }
}

/**
 * The WebDriver session's windows: one `EnginePage` each; commands go to the page's window.
 * One action at a time: the current window is the session's state, and a classic WebDriver
 * session runs one command at a time, so two pages' actions at once (two tabs navigating
 * together) would switch the window under a pending navigation (WebKitWebDriver answered
 * "unknown error" to the first tab's Navigate To, and the test waited until its timeout).
 * Chromium and Firefox drive each tab on its own channel; here the second tab's action starts
 * when the first's ends (a navigation: at its `load`).
 */
class Windows {
  private current: string
  private queue: Promise<unknown> = Promise.resolve()

  constructor(
    readonly browser: Remote,
    first: string,
  ) {
    this.current = first
  }

  on<T>(handle: string, action: () => Promise<T>): Promise<T> {
    const next = this.queue.then(async () => {
      if (this.current !== handle) {
        await this.browser.switchToWindow(handle)
        this.current = handle
      }
      return action()
    })
    this.queue = next.catch(() => undefined)
    return next
  }

  forget(handle: string): void {
    if (this.current === handle) this.current = ''
  }
}

/**
 * Sizes the window so that the page's viewport (innerWidth × innerHeight) is `viewport`, as near
 * as MiniBrowser allows: its toolbar keeps the window at least 447 CSS pixels wide, so a phone
 * layout is 447 wide in WebKit (still under the page's 480 px phone breakpoint). The window is
 * then made active again: a resize it refuses leaves it inactive, and an inactive window shows no
 * focus ring (`:focus` stops matching).
 */
async function fitViewport(browser: Remote, handle: string, viewport: Viewport): Promise<void> {
  await browser.setWindowRect(0, 0, viewport.width, viewport.height)
  const inner = await browser.execute(() => [window.innerWidth, window.innerHeight])
  const [width = 0, height = 0] = inner
  if (width !== viewport.width || height !== viewport.height) {
    const rect = await browser.getWindowRect()
    await browser.setWindowRect(
      0,
      0,
      rect.width + viewport.width - width,
      rect.height + viewport.height - height,
    )
  }
  await browser.switchToWindow(handle)
}

function webkitPage(windows: Windows, handle: string, viewport: { value: Viewport }): EnginePage {
  const { browser } = windows
  const on = <T>(action: () => Promise<T>) => windows.on(handle, action)
  const element = async (target: Target) => {
    const index = await browser.execute(locateInPage, target)
    const found = index < 0 ? undefined : (await browser.$$(cssOf(target)))[index]
    if (!found) throw new Error(`no rendered element for ${JSON.stringify(target)}`)
    return found
  }
  return {
    goto: (url) => on(() => browser.url(url)).then(() => undefined),
    reload: () => on(() => browser.refresh()),
    url: () => on(() => browser.getUrl()),
    setViewport: (size) =>
      on(async () => {
        viewport.value = size
        await fitViewport(browser, handle, size)
      }),
    // WebDriver's Execute Script awaits a returned promise; it runs outside the page's CSP.
    // (A function that returns nothing answers null: WebKitWebDriver cannot parse `undefined`.)
    evaluate: (fn, arg) =>
      on(
        () =>
          browser.execute(
            `return Promise.resolve((${fn.toString()})(arguments[0])).then((value) => value === undefined ? null : value)`,
            arg,
          ) as never,
      ),
    runScript: (source) => on(() => browser.execute(source)).then(() => undefined),
    click: (target) => on(async () => (await element(target)).click()),
    type: (text) =>
      on(() =>
        keys(
          browser,
          [...text].map((char) => [char]),
        ),
      ),
    press: (key) =>
      on(() => keys(browser, [key === 'Shift+Tab' ? [SHIFT, KEYS.Tab] : [KEYS[key]]])),
    paste: (text) =>
      on(async () => {
        // A real paste: WebKit lets a page write the clipboard only inside a user gesture, so the
        // text is written from a real key press (Shift, which the page ignores), then Ctrl+V.
        await browser.execute((value: string) => {
          const written = new Promise<void>((resolve, reject) =>
            document.addEventListener(
              'keydown',
              () => void navigator.clipboard.writeText(value).then(resolve, reject),
              { capture: true, once: true },
            ),
          )
          ;(window as unknown as { __e2eClipboard: Promise<void> }).__e2eClipboard = written
        }, text)
        await keys(browser, [[SHIFT]])
        await browser.execute(
          () => (window as unknown as { __e2eClipboard: Promise<void> }).__e2eClipboard,
        )
        await keys(browser, [[CONTROL, 'v']])
      }),
    cookies: () =>
      on(async () =>
        (await browser.getAllCookies()).map((cookie): BrowserCookie => ({
          name: cookie.name,
          value: cookie.value,
          domain: cookie.domain ?? '',
          path: cookie.path ?? '/',
          expires: cookie.expiry,
          httpOnly: cookie.httpOnly ?? false,
          secure: cookie.secure ?? false,
          sameSite: SAME_SITE[String(cookie.sameSite).toLowerCase()],
        })),
      ),
    screenshot: () => on(async () => Buffer.from(await browser.takeScreenshot(), 'base64')),
    close: () =>
      on(async () => {
        windows.forget(handle)
        if ((await browser.getWindowHandles()).length > 1) await browser.closeWindow()
      }),
  }
}

/** Starts MiniBrowser for one session: the proxy, the certificate, ITP, the colour scheme. */
async function openSession(
  driver: DriverProcess,
  proxy: HostsProxy,
  options: SessionOptions,
): Promise<Remote> {
  return remote({
    hostname: '127.0.0.1',
    port: driver.port,
    logLevel: 'warn',
    connectionRetryCount: 0,
    capabilities: {
      // Classic WebDriver: this WebKitWebDriver offers no BiDi.
      'wdio:enforceWebDriverClassic': true,
      'webkitgtk:browserOptions': {
        binary: MINIBROWSER_PATH,
        args: [
          '--automation',
          `--proxy=${proxy.url}`,
          '--enable-itp',
          ...(options.colorScheme === 'dark' ? ['--dark-mode'] : []),
        ],
        certificates: TLS_HOSTS.map((host) => ({ host, certificateFile: CERTIFICATE_PATH })),
      },
    } as WebdriverIO.Capabilities,
  })
}

export function webkitDriver(): EngineDriver {
  let proxy: Promise<HostsProxy> | null = null
  const running = new Set<() => Promise<void>>()
  return {
    name: 'webkit',
    async newSession(options: SessionOptions = {}): Promise<BrowserSession> {
      const hosts = await (proxy ??= startHostsProxy())
      const driver = await startDriver(options.locales)
      let browser: Remote
      try {
        browser = await openSession(driver, hosts, options)
      } catch (error) {
        await driver.stop()
        throw error
      }
      const viewport = { value: options.viewport ?? DEFAULT_VIEWPORT }
      const windows = new Windows(browser, await browser.getWindowHandle())
      let firstUsed = false
      const close = async () => {
        running.delete(close)
        await browser.deleteSession().catch(() => undefined)
        await driver.stop()
      }
      running.add(close)
      return {
        engine: 'webkit',
        async newPage() {
          let handle: string
          if (!firstUsed) {
            firstUsed = true
            handle = await browser.getWindowHandle()
          } else {
            handle = (await browser.createWindow('tab')).handle
          }
          await windows.on(handle, () => fitViewport(browser, handle, viewport.value))
          return webkitPage(windows, handle, viewport)
        },
        close,
      }
    },
    async close() {
      for (const close of [...running]) await close()
      if (proxy) await (await proxy).close()
      proxy = null
    },
  }
}
