/** RFC 6238 codes (SHA-1, 6 digits, 30 s), computed on the dev platform's clock. */
import { Secret, TOTP } from 'otpauth'
import type { Controls } from './platform'

export class TotpCodes {
  constructor(private readonly controls: Controls) {}

  /** The code for `secret` now (or `steps` periods later), on the platform's clock. */
  code(secret: string, steps = 0): string {
    const totp = new TOTP({
      secret: Secret.fromBase32(secret.replace(/\s+/g, '')),
      digits: 6,
      period: 30,
    })
    return totp.generate({ timestamp: this.controls.now() + steps * 30_000 })
  }

  /** A six-digit code that is not the current, previous or next one. */
  wrongCode(secret: string): string {
    const near = new Set([-1, 0, 1].map((steps) => this.code(secret, steps)))
    for (let n = 123456; ; n = (n + 111111) % 1_000_000) {
      const candidate = String(n).padStart(6, '0')
      if (!near.has(candidate)) return candidate
    }
  }

  /** Moves the platform to the next 30 s step, so a fresh code can be used. */
  async nextStep(): Promise<void> {
    await this.controls.advanceClock(30)
  }
}
