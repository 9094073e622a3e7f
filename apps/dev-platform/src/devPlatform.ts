/**
 * The dev platform: one process, one listener per role (Okta, Google, product API, Sentry, demo
 * sub-site), each its own origin as in the real world.
 *
 * ```ts
 * const platform = await startDevPlatform({ oktaPort: 0, googlePort: 0, apiPort: 0, sentryPort: 0, subsitePort: 0 })
 * await fetch(`${platform.urls.okta}/api/v1/authn`, { method: 'POST', ... })
 * await platform.close()
 * ```
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { SEEDED_ACCOUNTS, type SeededAccount } from './accounts'
import { authnRoutes } from './authnRoutes'
import { createAuthnService } from './authnService'
import { createClock } from './clock'
import {
  defaultOptions,
  MORE_LOCAL_SUBSITES,
  PORT_OPTION,
  resolveConfig,
  ROLE_NAMES,
  type DevPlatformOptions,
  type PlatformConfig,
  type Role,
} from './config'
import type { AppEnv, PlatformContext } from './context'
import { googleRoutes } from './googleRoutes'
import { introspectionRoutes } from './introspectionRoutes'
import { closeAll, listen } from './listen'
import { oauthRoutes } from './oauthRoutes'
import { oktaPages } from './oktaPages'
import { productApiRoutes } from './productApiRoutes'
import { createRandom } from './random'
import { requestLog } from './requestLog'
import { sentryRoutes } from './sentryRoutes'
import { Store } from './store'
import { bundleSubsiteClient, type SubsiteBundle } from './subsite/bundleSubsiteClient'
import { demoApiRoutes } from './subsite/demoApiRoutes'
import { LOCAL_SUBSITE, subsiteRoutes } from './subsite/subsiteRoutes'
import { testControls } from './testControls'
import { unlockPages } from './unlockPages'
import { accessTokenTtlSeconds, createTokenGrants } from './tokenGrants'
import { createTokenSigner } from './tokens'
import { userinfoRoutes } from './userinfoRoutes'

export type { DevPlatformOptions, Role } from './config'
export type { SeededAccount } from './accounts'

/** A running platform. */
export interface DevPlatform {
  /** Public origin of each role (reflecting the real ports when 0 was asked for). */
  readonly urls: Readonly<Record<Role, string>>
  /** The port each listener is bound to (the real one when 0 was asked for). */
  readonly ports: Readonly<Record<Role, number>>
  /** The seeded accounts (with the TOTP secret of the enrolled one). */
  readonly accounts: readonly SeededAccount[]
  /** The resolved configuration (issuer, redirect URIs, DSN, ...). */
  readonly config: PlatformConfig
  /** Milliseconds esbuild took to bundle the sub-site's script (once per process). */
  readonly subsiteBundleMs: number
  /** Stops every listener. */
  close(): Promise<void>
}

type Listener = (request: IncomingMessage, response: ServerResponse) => void

/** A local sub-site beyond the first: its name, its (bound) port, its server and its app. */
interface ExtraSubsite {
  readonly name: string
  port: number
  readonly server: Server
  listener: Listener | null
}

/**
 * Starts every listener and the services behind them. Rejects with `PortInUseError` (naming the
 * role and its variable) when a port is taken, after closing what it had opened.
 * @param options any of {@link DevPlatformOptions}; the rest take their defaults.
 */
export async function startDevPlatform(
  options: Partial<DevPlatformOptions> = {},
): Promise<DevPlatform> {
  const defined = Object.entries(options).filter(([, value]) => value !== undefined)
  const settings: DevPlatformOptions = { ...defaultOptions(), ...Object.fromEntries(defined) }
  const signerReady = createTokenSigner()
  // In parallel with the key generation and the listeners: bundling is the slowest start-up step.
  const scriptReady = bundleSubsiteClient()
  scriptReady.catch(() => undefined) // awaited below, after the ports (a taken port wins)
  const listeners = new Map<Role, Listener>()
  const servers = new Map<Role, Server>(
    ROLE_NAMES.map((role) => [
      role,
      createServer((request, response) => {
        const listener = listeners.get(role)
        if (listener) return listener(request, response)
        response.writeHead(503).end()
      }),
    ]),
  )
  const ports = {} as Record<Role, number>
  try {
    for (const role of ROLE_NAMES)
      ports[role] = await listen(
        servers.get(role) as Server,
        role,
        settings[PORT_OPTION[role]] as number,
        settings.bindHost,
      )
  } catch (error) {
    await closeAll([...servers.values()])
    throw error
  }

  // The second and more local sub-sites: one more listener each, its own origin, the same
  // sub-site routes (the second is `roads`, the more ones are named in MORE_LOCAL_SUBSITES).
  const extraSubsites: ExtraSubsite[] = [
    ...(settings.secondSubsitePort === undefined
      ? []
      : [{ name: SECOND_LOCAL_SUBSITE, port: settings.secondSubsitePort }]),
    ...settings.moreSubsitePorts.map((port, index) => ({
      name: MORE_LOCAL_SUBSITES[index] ?? `subsite${index + 3}`,
      port,
    })),
  ].map(({ name, port }) => {
    const extra: ExtraSubsite = {
      name,
      port,
      listener: null,
      server: createServer((request, response) => {
        if (extra.listener) return extra.listener(request, response)
        response.writeHead(503).end()
      }),
    }
    return extra
  })
  const allServers = () => [...servers.values(), ...extraSubsites.map((extra) => extra.server)]
  try {
    for (const extra of extraSubsites)
      extra.port = await listen(extra.server, 'subsite', extra.port, settings.bindHost)
  } catch (error) {
    await closeAll(allServers())
    throw error
  }
  const hasSecond = settings.secondSubsitePort !== undefined
  const secondPort = hasSecond ? (extraSubsites[0]?.port ?? null) : null
  const morePorts = extraSubsites.slice(hasSecond ? 1 : 0).map((extra) => extra.port)

  const config = resolveConfig(settings, ports, secondPort, morePorts)
  const clock = createClock(settings.now)
  const ctx: PlatformContext = {
    config,
    store: new Store(clock.now),
    clock,
    random: createRandom(settings.randomBytes),
    signer: await signerReady,
  }
  let bundle: SubsiteBundle
  try {
    bundle = await scriptReady
  } catch (error) {
    await closeAll(allServers())
    throw error
  }
  const apps = buildApps(ctx, bundle.code)
  for (const role of ROLE_NAMES)
    listeners.set(role, getRequestListener(apps[role].fetch, { overrideGlobalObjects: false }))
  for (const extra of extraSubsites) {
    const app = subsiteApp(ctx, bundle.code, `http://localhost:${extra.port}`, extra.name)
    extra.listener = getRequestListener(app.fetch, { overrideGlobalObjects: false })
  }

  return {
    urls: config.urls,
    ports,
    accounts: SEEDED_ACCOUNTS,
    config,
    subsiteBundleMs: bundle.ms,
    close: () => closeAll(allServers()),
  }
}

/** One Hono app per role, each logging its requests. */
function buildApps(ctx: PlatformContext, subsiteScript: string): Record<Role, Hono<AppEnv>> {
  const authn = createAuthnService(ctx)
  const grants = createTokenGrants(ctx)
  const app = (role: Role, ...parts: Hono<AppEnv>[]) => {
    const root = new Hono<AppEnv>()
    root.use(requestLog(ctx, role))
    for (const part of parts) root.route('/', part)
    return root
  }
  return {
    okta: app(
      'okta',
      testControls(ctx, authn),
      unlockPages(ctx, authn),
      authnRoutes(ctx, authn),
      oauthRoutes(ctx, grants),
      userinfoRoutes(ctx),
      introspectionRoutes(ctx),
      oktaPages(ctx),
    ),
    google: app('google', googleRoutes(ctx)),
    api: app('api', productApiRoutes(ctx, grants)),
    sentry: app('sentry', sentryRoutes(ctx)),
    subsite: subsiteApp(ctx, subsiteScript, ctx.config.urls.subsite, LOCAL_SUBSITE),
  }
}

/** The name of the second local sub-site (`DEV_SECOND_SUBSITE_PORT`). */
const SECOND_LOCAL_SUBSITE = 'roads'

/** The demo sub-site served at `subsiteUrl` (named `localName` without a template), logging its requests. */
function subsiteApp(
  ctx: PlatformContext,
  script: string,
  subsiteUrl: string,
  localName: string,
): Hono<AppEnv> {
  const root = new Hono<AppEnv>()
  root.use(requestLog(ctx, 'subsite'))
  root.route('/', demoApiRoutes(ctx))
  root.route(
    '/',
    subsiteRoutes({
      parentDomain: ctx.config.parentDomain,
      signinUrl: ctx.config.signinUrl,
      subsiteUrl,
      template: ctx.config.subsiteUrlTemplate,
      oktaUrl: ctx.config.urls.okta,
      apiUrl: ctx.config.urls.api,
      accessTokenTtlSeconds: () => accessTokenTtlSeconds(ctx),
      script,
      localName,
    }),
  )
  return root
}
