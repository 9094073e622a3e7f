/**
 * WebKit's stand-in for Chromium's `--host-resolver-rules`: a forward proxy on loopback that
 * MiniBrowser is started with (`--proxy`), sending every `*.platform.test` name to nginx on
 * 127.0.0.1 (HTTPS through CONNECT to `HTTPS_PORT`, plain HTTP to `HTTP_PORT`) and refusing every
 * other name, so the run's network stays closed.
 *
 * Why a proxy and not lines in /etc/hosts: WebKitGTK resolves through the system resolver and has
 * no flag of its own, and /etc/hosts takes no wildcard (every sub-site name would need a line),
 * needs root, is shared by every process on the machine, and keeps its lines if the run is
 * killed before it can remove them. The proxy lives and dies with the run, needs no privilege,
 * and also maps ports when nginx does not listen on 443 and 80 (`E2E_HTTPS_PORT`).
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { HTTP_PORT, HTTPS_PORT, PARENT_DOMAIN } from '../../support/env'

export interface HostsProxy {
  /** `http://127.0.0.1:<port>`, for MiniBrowser's `--proxy`. */
  readonly url: string
  /** Every host name the browser asked for, in order (refused ones included). */
  readonly hosts: readonly string[]
  close(): Promise<void>
}

/** Whether `host` is one of the run's names (the parent domain itself or any name under it). */
export function isRunHost(host: string): boolean {
  const name = host.toLowerCase()
  return name === PARENT_DOMAIN.slice(1) || name.endsWith(PARENT_DOMAIN)
}

function refuse(socket: Socket, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
}

/** Starts the proxy on a free loopback port. */
export async function startHostsProxy(): Promise<HostsProxy> {
  const hosts: string[] = []
  const sockets = new Set<Socket>()

  // Plain HTTP (the HTTP → HTTPS redirect): forwarded to nginx's HTTP listener, Host kept.
  const server: Server = createServer((incoming: IncomingMessage, outgoing) => {
    const target = new URL(incoming.url ?? '/', 'http://invalid')
    hosts.push(target.hostname)
    if (!isRunHost(target.hostname) || (target.port !== '' && target.port !== '80')) {
      outgoing.writeHead(403).end()
      return
    }
    const upstream = request(
      {
        host: '127.0.0.1',
        port: HTTP_PORT,
        method: incoming.method,
        path: `${target.pathname}${target.search}`,
        headers: { ...incoming.headers, host: target.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    upstream.on('error', () => outgoing.writeHead(502).end())
    incoming.pipe(upstream)
  })

  // HTTPS: a tunnel to nginx's TLS listener; the browser checks the certificate end to end.
  server.on('connect', (incoming: IncomingMessage, socket: Socket, head: Buffer) => {
    const [host = '', port = ''] = (incoming.url ?? '').split(':')
    hosts.push(host)
    if (!isRunHost(host) || port !== '443') return refuse(socket, '403 Forbidden')
    const upstream = connect(HTTPS_PORT, '127.0.0.1', () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      upstream.write(head)
      upstream.pipe(socket)
      socket.pipe(upstream)
    })
    for (const end of [socket, upstream]) {
      sockets.add(end)
      end.on('close', () => sockets.delete(end))
    }
    upstream.on('error', () => socket.destroy())
    socket.on('error', () => upstream.destroy())
  })

  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    hosts,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
