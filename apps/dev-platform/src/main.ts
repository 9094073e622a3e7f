/**
 * `pnpm --filter dev-platform start`: reads the `DEV_*` variables, starts the platform, prints
 * the banner. A taken port is named (with the variable to change) and exits 1.
 */
import { performance } from 'node:perf_hooks'
import { formatBanner } from './banner'
import { ConfigError, readEnvOptions } from './config'
import { startDevPlatform } from './devPlatform'
import { PortInUseError } from './listen'

async function main(): Promise<void> {
  let platform
  try {
    platform = await startDevPlatform(readEnvOptions(process.env))
  } catch (error) {
    if (error instanceof PortInUseError || error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  // performance.now() counts from process start: this includes loading tsx and every module.
  console.log(formatBanner(platform, Math.round(performance.now()), Date.now()))
  const stop = () => {
    void platform.close().then(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

void main()
