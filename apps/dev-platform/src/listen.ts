/** Binding one HTTP server per role, with a clear error when a port is taken. */
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ROLES, type Role } from './config'

/** A port could not be bound; the message names the role and the variable to change. */
export class PortInUseError extends Error {
  constructor(
    readonly role: Role,
    readonly port: number,
    readonly code: string,
  ) {
    const { label, portEnv } = ROLES[role]
    super(
      code === 'EADDRINUSE'
        ? `Port ${port} (${label}) is already in use. Set ${portEnv} to another port.`
        : `Port ${port} (${label}) cannot be opened (${code}). Set ${portEnv} to another port.`,
    )
    this.name = 'PortInUseError'
  }
}

/** Listens on `port` (0 = any free port) and resolves with the bound port. */
export function listen(server: Server, role: Role, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening)
      reject(new PortInUseError(role, port, error.code ?? 'unknown'))
    }
    const onListening = () => {
      server.off('error', onError)
      resolve((server.address() as AddressInfo).port)
    }
    server.once('error', onError)
    server.once('listening', onListening)
    server.listen(port, host)
  })
}

/** Closes servers, dropping idle keep-alive connections so close does not hang. */
export async function closeAll(servers: readonly Server[]): Promise<void> {
  await Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((resolve) => {
          if (!server.listening) return resolve()
          server.close(() => resolve())
          server.closeAllConnections()
        }),
    ),
  )
}
