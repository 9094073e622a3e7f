/**
 * The two ways the suite runs, and every address and path that differs between them.
 *
 * - `dev`: the app built in local mode (`apps/signin/.env.e2e`) and served by `vite preview` on
 *   http://localhost:4173; the dev platform on its default ports; sub-site http://localhost:3000.
 * - `prod`: the app built like production (`apps/signin/.env.production-e2e`) and served by
 *   Debian's nginx with `deploy/nginx.conf` over HTTPS as https://login.platform.test; the dev
 *   platform's roles behind the same nginx as idp., accounts., api., sentry. and *.platform.test
 *   (sub-sites), all mapped to 127.0.0.1 inside Chromium only.
 */
import { fileURLToPath } from 'node:url'
import type { DevPlatformOptions } from 'dev-platform/src/devPlatform.ts'

export type Mode = 'dev' | 'prod'

/** `E2E_MODE=prod` selects production mode; anything else is dev mode. */
export const MODE: Mode = process.env.E2E_MODE === 'prod' ? 'prod' : 'dev'
export const IS_PROD = MODE === 'prod'

export const ROOT_DIR = fileURLToPath(new URL('../..', import.meta.url))
export const SIGNIN_DIR = fileURLToPath(new URL('../../apps/signin/', import.meta.url))
export const DEPLOY_DIR = fileURLToPath(new URL('../../deploy/', import.meta.url))

/** The parent domain of production mode: real-looking names, never resolvable outside Chromium. */
export const PARENT_DOMAIN = '.platform.test'

/**
 * The dev platform's listeners (both modes): the test controls are called here directly.
 * `secondSubsite` (dev mode only): the second sub-site origin, `roads`, sharing the host-only
 * cookies of `localhost` with the first (cookies ignore ports, Web Locks do not); the three more
 * (dev mode only) are `DEV_MORE_SUBSITE_PORTS`, the same way.
 */
export const PLATFORM_PORTS = platformPorts(Number(process.env.E2E_PLATFORM_PORT_OFFSET ?? 0))

/**
 * The listeners' ports, moved by `E2E_PLATFORM_PORT_OFFSET` (production mode only: there the app
 * and nginx name the providers by host, never by port, so a production-mode run can share the
 * machine with a dev-mode run, whose build names `localhost:4010` and the rest).
 */
function platformPorts(offset: number) {
  if (!Number.isInteger(offset) || offset < 0 || (offset !== 0 && !IS_PROD))
    throw new Error(
      `E2E_PLATFORM_PORT_OFFSET=${process.env.E2E_PLATFORM_PORT_OFFSET}: a whole number, in production mode only (the dev-mode build names the dev platform's ports)`,
    )
  return {
    okta: 4010 + offset,
    google: 4011 + offset,
    api: 4012 + offset,
    sentry: 4013 + offset,
    subsite: 3000 + offset,
    secondSubsite: 3001 + offset,
    /** Dev mode's third to fifth sub-site origins (`atlas`, `survey`, `imagery`). */
    atlasSubsite: 3002 + offset,
    surveySubsite: 3003 + offset,
    imagerySubsite: 3004 + offset,
  }
}
/**
 * Where `vite preview` serves the app (dev mode; 4173 is among the dev platform's default app
 * origins) and the unconfigured build (the configuration error). `E2E_APP_PORT` moves both.
 */
export const PREVIEW_PORT = Number(process.env.E2E_APP_PORT ?? 4173)
export const UNCONFIGURED_PORT = PREVIEW_PORT + 1

/**
 * Where nginx listens on 127.0.0.1 in production mode. HTTPS is on 443 as deployed (root needed;
 * `E2E_HTTPS_PORT` picks another). The plain-HTTP redirect listens on 8080 by default, so a
 * system nginx on :80 (Debian starts one when the package is installed) does not collide.
 * Chromium maps the real ports (443, 80) to these, so every URL keeps its production form.
 */
export const HTTPS_PORT = Number(process.env.E2E_HTTPS_PORT ?? 443)
export const HTTP_PORT = Number(process.env.E2E_HTTP_PORT ?? 8080)

/**
 * The run's name: the mode, and in production mode on another HTTPS port the port too
 * (`prod-8443`), so that two production-mode runs on different ports never share a folder or a
 * report.
 */
export const RUN_NAME = IS_PROD && HTTPS_PORT !== 443 ? `${MODE}-${HTTPS_PORT}` : MODE

/** Build output, certificates, nginx files and the run's shared records (git-ignored). */
export const RUN_DIR = fileURLToPath(new URL(`../../.e2e-tmp/${RUN_NAME}/`, import.meta.url))

/** The public origins the browser sees. */
export interface Origins {
  readonly app: string
  readonly okta: string
  readonly google: string
  readonly api: string
  readonly sentry: string
  /** The origin of a sub-site (local mode has one sub-site, whatever the name). */
  readonly subsite: (name: string) => string
  /** The sub-site the app falls back to. */
  readonly defaultSubsite: string
  /**
   * Another sub-site origin sharing the session cookies (its own Web Locks): prod
   * `https://roads.platform.test`, dev `http://localhost:3001` (cookies ignore ports).
   */
  readonly secondSubsite: string
  /** Three more sub-site origins sharing the session: five in all with the two above. */
  readonly moreSubsites: readonly string[]
}

export const ORIGINS: Origins = IS_PROD
  ? {
      app: `https://login${PARENT_DOMAIN}`,
      okta: `https://idp${PARENT_DOMAIN}`,
      google: `https://accounts${PARENT_DOMAIN}`,
      api: `https://api${PARENT_DOMAIN}`,
      sentry: `https://sentry${PARENT_DOMAIN}`,
      subsite: (name) => `https://${name}${PARENT_DOMAIN}`,
      defaultSubsite: 'citystream',
      secondSubsite: `https://roads${PARENT_DOMAIN}`,
      moreSubsites: ['atlas', 'survey', 'imagery'].map((name) => `https://${name}${PARENT_DOMAIN}`),
    }
  : {
      app: `http://localhost:${PREVIEW_PORT}`,
      okta: `http://localhost:${PLATFORM_PORTS.okta}`,
      google: `http://localhost:${PLATFORM_PORTS.google}`,
      api: `http://localhost:${PLATFORM_PORTS.api}`,
      sentry: `http://localhost:${PLATFORM_PORTS.sentry}`,
      subsite: () => `http://localhost:${PLATFORM_PORTS.subsite}`,
      defaultSubsite: 'citystream',
      secondSubsite: `http://localhost:${PLATFORM_PORTS.secondSubsite}`,
      moreSubsites: [
        PLATFORM_PORTS.atlasSubsite,
        PLATFORM_PORTS.surveySubsite,
        PLATFORM_PORTS.imagerySubsite,
      ].map((port) => `http://localhost:${port}`),
    }

/** Where the test controls answer (the Okta listener itself, never through nginx). */
export const CONTROL_URL = `http://127.0.0.1:${PLATFORM_PORTS.okta}`

/** How the worker starts the dev platform in this mode. */
export function platformOptions(): Partial<DevPlatformOptions> {
  const ports = {
    oktaPort: PLATFORM_PORTS.okta,
    googlePort: PLATFORM_PORTS.google,
    apiPort: PLATFORM_PORTS.api,
    sentryPort: PLATFORM_PORTS.sentry,
    subsitePort: PLATFORM_PORTS.subsite,
  }
  if (!IS_PROD)
    return {
      ...ports,
      secondSubsitePort: PLATFORM_PORTS.secondSubsite,
      moreSubsitePorts: [
        PLATFORM_PORTS.atlasSubsite,
        PLATFORM_PORTS.surveySubsite,
        PLATFORM_PORTS.imagerySubsite,
      ],
      appOrigins: [ORIGINS.app],
    }
  return {
    ...ports,
    oktaUrl: ORIGINS.okta,
    googleUrl: ORIGINS.google,
    apiUrl: ORIGINS.api,
    sentryUrl: ORIGINS.sentry,
    subsiteUrl: ORIGINS.subsite(ORIGINS.defaultSubsite),
    subsiteUrlTemplate: `https://{subsite}${PARENT_DOMAIN}/`,
    parentDomain: PARENT_DOMAIN,
    appOrigins: [ORIGINS.app],
  }
}

/** Chromium, never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** The flags every headless Chromium of the suite and the benchmark starts with (closed network). */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/**
 * Playwright's own `--disable-features` list (1.65, `chromiumSwitches.ts`), which a second
 * `--disable-features` would replace: Chromium keeps the last one.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
]

/**
 * The address bar's WebUI popup and its AI-mode sibling, which headless Chromium otherwise loads
 * as pages of their own in every browser context (about 0.1 s of CPU each per test on the 2-core
 * machine, competing with the page under test or measured; no test has an address bar). A 404
 * once seen while trying the second turned out to be the page's own early Enter posting its form
 * (fixed in the inline loader). Disabled in every Chromium the suite and the bench start.
 */
export const ADDRESS_BAR_POPUPS: readonly string[] = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']

/**
 * The flags of every Chromium that Playwright starts: {@link CHROMIUM_ARGS}, and Playwright's
 * disabled features plus {@link ADDRESS_BAR_POPUPS}.
 * `tests/chromium-flags.dev.spec.ts` fails when Playwright's own list changes and this copy falls
 * behind.
 */
export const PLAYWRIGHT_CHROMIUM_ARGS: readonly string[] = [
  ...CHROMIUM_ARGS,
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...ADDRESS_BAR_POPUPS].join(',')}`,
]

/**
 * Production mode's extra flags: `*.platform.test` resolves to nginx on loopback (its ports mapped
 * when they are not 443 and 80), and exactly the test certificate's key is trusted, not every
 * certificate.
 */
export function prodChromiumArgs(spkiHash: string): string[] {
  const rules = [
    ...(HTTPS_PORT === 443 ? [] : [`MAP *.platform.test:443 127.0.0.1:${HTTPS_PORT}`]),
    ...(HTTP_PORT === 80 ? [] : [`MAP *.platform.test:80 127.0.0.1:${HTTP_PORT}`]),
    'MAP *.platform.test 127.0.0.1',
  ]
  return [
    `--host-resolver-rules=${rules.join(', ')}`,
    `--ignore-certificate-errors-spki-list=${spkiHash}`,
  ]
}

/** The client id and authorization server the dev platform registers for the app. */
export const OKTA_CLIENT_ID = '0oadevsignin'
export const AUTH_SERVER_ID = 'default'
