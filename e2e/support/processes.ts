/**
 * Child processes and ports for the global set-up: free-port checks with a clear message, a
 * spawned server in its own process group (stopped by its id), and waiting for it to answer.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'

/** Resolves when `port` can be bound on 127.0.0.1, rejects with `message` when it cannot. */
export async function assertPortFree(port: number, message: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = createServer()
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(error.code === 'EADDRINUSE' ? message : `${message} (${error.code})`)),
    )
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()))
  })
}

/** Runs a command to completion; throws with its output when it fails. */
export function run(command: string, args: readonly string[], options: RunOptions = {}): string {
  const result = spawnSync(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    encoding: 'utf8',
    input: options.input,
  })
  if (result.error) throw new Error(`${command} could not start: ${result.error.message}`)
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
    )
  return result.stdout
}

export interface RunOptions {
  readonly cwd?: string
  readonly env?: Readonly<Record<string, string>>
  readonly input?: string
}

/** A long-running server started by the set-up. */
export interface Server {
  readonly name: string
  readonly child: ChildProcess
  /** Everything it printed, for the error message when it dies. */
  readonly output: () => string
  stop(): Promise<void>
}

/** Starts `command` in its own process group, so stopping it stops everything it spawned. */
export function startServer(
  name: string,
  command: string,
  args: readonly string[],
  options: RunOptions = {},
): Server {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    name,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.pid === undefined) return
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {
        return
      }
      const timeout = new Promise<'timeout'>((resolve) =>
        setTimeout(() => resolve('timeout'), 5000),
      )
      if ((await Promise.race([exited, timeout])) === 'timeout') {
        try {
          process.kill(-child.pid, 'SIGKILL')
        } catch {
          // already gone
        }
      }
    },
  }
}

/** Waits until `probe` resolves true, failing early with the server's output if it exits. */
export async function waitUntil(
  server: Server,
  probe: () => Promise<boolean>,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null)
      throw new Error(`${server.name} exited (${server.child.exitCode}):\n${server.output()}`)
    if (await probe().catch(() => false)) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${server.name} did not start within ${timeoutMs} ms:\n${server.output()}`)
}
