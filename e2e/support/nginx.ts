/**
 * Production mode's web server: Debian's nginx running `deploy/nginx.conf` (rendered by
 * `deploy/render.sh`, exactly as a deployment would) for `login.platform.test`, plus test-only
 * server blocks that put the dev platform's roles behind the same TLS under their public names.
 * Everything nginx writes (pid, logs, temp files) stays in the run directory.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DEPLOY_DIR, HTTP_PORT, HTTPS_PORT, ORIGINS, PARENT_DOMAIN, PLATFORM_PORTS } from './env'
import { rawRequest } from './http'
import { run, startServer, waitUntil, type Server } from './processes'
import type { TestCertificate } from './tls'

export const NGINX_BIN = process.env.NGINX_PATH ?? '/usr/sbin/nginx'
/** File name (in nginx's run directory) of the access log `deploy/nginx.conf` writes. */
export const DEPLOY_ACCESS_LOG = 'signin-access.log'

/** deploy/render.sh's variables for this run's names and paths. */
export function deployVariables(
  distDir: string,
  cert: TestCertificate,
  accessLog: string,
): Record<string, string> {
  return {
    SERVER_NAME: new URL(ORIGINS.app).hostname,
    LISTEN_HTTPS: `127.0.0.1:${HTTPS_PORT}`,
    LISTEN_HTTP: `127.0.0.1:${HTTP_PORT}`,
    DIST_DIR: distDir,
    TLS_CERT: cert.certPath,
    TLS_KEY: cert.keyPath,
    OKTA_ORIGIN: ORIGINS.okta,
    API_ORIGIN: ORIGINS.api,
    SENTRY_ORIGIN: ORIGINS.sentry,
    ACCESS_LOG: accessLog,
  }
}

/** Renders the deployment artifact with `variables` (deploy/render.sh, as a deployment would). */
export function renderDeployConfig(variables: Readonly<Record<string, string>>): string {
  // Only these: a CSP_REPORT_URL in the developer's own environment must not leak into the run.
  return run('bash', [join(DEPLOY_DIR, 'render.sh')], { env: { CSP_REPORT_URL: '', ...variables } })
}

/** A test-only HTTPS server block proxying `serverName` to a dev-platform listener. */
function proxyBlock(serverName: string, port: number, cert: TestCertificate): string {
  return `
  server {
    listen 127.0.0.1:${HTTPS_PORT} ssl http2;
    server_name ${serverName};
    ssl_certificate ${cert.certPath};
    ssl_certificate_key ${cert.keyPath};
    location / {
      proxy_pass http://127.0.0.1:${port};
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-Host $host;
      proxy_set_header X-Forwarded-Proto https;
      proxy_buffering off;
      proxy_read_timeout 120s;
    }
  }`
}

/** The top of an nginx.conf running from `dir` without root's paths: one worker, pid, error log. */
function processDirectives(dir: string, connections: number): string {
  return `${process.getuid?.() === 0 ? '# Workers run as root too: the run directory need not be world-readable.\nuser root root;' : ''}
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections ${connections}; }`
}

/** The `http` block's temporary paths, under `dir` instead of the system's. */
function tempPaths(dir: string): string {
  const folders = {
    client_body: 'body',
    proxy: 'proxy',
    fastcgi: 'fastcgi',
    uwsgi: 'uwsgi',
    scgi: 'scgi',
  }
  return Object.entries(folders)
    .map(([kind, folder]) => `  ${kind}_temp_path ${join(dir, 'tmp', folder)};`)
    .join('\n')
}

/** The main nginx.conf of the run: non-root paths, the rendered site, the proxies. */
function mainConfig(
  dir: string,
  sitePath: string,
  cert: TestCertificate,
  extraServers: string,
): string {
  const host = (origin: string) => new URL(origin).hostname
  return `# Written by e2e/support/nginx.ts for one production-mode run.
${processDirectives(dir, 512)}
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${join(dir, 'access.log')};
${tempPaths(dir)}
  server_names_hash_bucket_size 64;

  # The deployment artifact, rendered by deploy/render.sh.
  include ${sitePath};

  # Test only: the dev platform's roles under their public names, and every sub-site.
  ${proxyBlock(host(ORIGINS.okta), PLATFORM_PORTS.okta, cert)}
  ${proxyBlock(host(ORIGINS.google), PLATFORM_PORTS.google, cert)}
  ${proxyBlock(host(ORIGINS.api), PLATFORM_PORTS.api, cert)}
  ${proxyBlock(host(ORIGINS.sentry), PLATFORM_PORTS.sentry, cert)}
  ${proxyBlock(`*${PARENT_DOMAIN}`, PLATFORM_PORTS.subsite, cert)}
${extraServers}
}
`
}

/**
 * Renders, checks (`nginx -t`) and starts nginx; resolves once it serves the app over HTTPS.
 * `extraServers`: more `server {}` blocks for the same `http {}` (the benchmark's comparison page).
 */
export async function startNginx(
  dir: string,
  distDir: string,
  cert: TestCertificate,
  extraServers = '',
): Promise<Server> {
  mkdirSync(join(dir, 'tmp'), { recursive: true })
  const sitePath = join(dir, 'signin.conf')
  const mainPath = join(dir, 'nginx.conf')
  // The deployment's own access log (its format, its file), read by the production run's checks.
  writeFileSync(
    sitePath,
    renderDeployConfig(deployVariables(distDir, cert, join(dir, DEPLOY_ACCESS_LOG))),
  )
  writeFileSync(mainPath, mainConfig(dir, sitePath, cert, extraServers))
  const args = ['-p', dir, '-e', join(dir, 'error.log'), '-c', mainPath]
  run(NGINX_BIN, [...args, '-t'])
  const server = startServer('nginx', NGINX_BIN, [...args, '-g', 'daemon off;'])
  const ca = readFileSync(cert.caPath)
  await waitUntil(server, async () => (await rawRequest(`${ORIGINS.app}/`, { ca })).status === 200)
  return server
}

/**
 * A second nginx, beside the run's, serving only the rendered site at `sitePath` (listening where
 * it was rendered to; `httpsPort` is how to reach it): to see what a differently configured
 * deployment sends. Resolves once it serves `/`; stop it with the returned server.
 */
export async function startSiteOnly(
  dir: string,
  sitePath: string,
  httpsPort: number,
  caPath: string,
): Promise<Server> {
  mkdirSync(join(dir, 'tmp'), { recursive: true })
  const mainPath = join(dir, 'nginx.conf')
  writeFileSync(
    mainPath,
    `${processDirectives(dir, 64)}
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
${tempPaths(dir)}
  include ${sitePath};
}
`,
  )
  const args = ['-p', dir, '-e', join(dir, 'error.log'), '-c', mainPath]
  run(NGINX_BIN, [...args, '-t'])
  const server = startServer('nginx (second site)', NGINX_BIN, [...args, '-g', 'daemon off;'])
  const ca = readFileSync(caPath)
  await waitUntil(
    server,
    async () => (await rawRequest(`${ORIGINS.app}/`, { ca, port: httpsPort })).status === 200,
  )
  return server
}
