/**
 * Numbers and durations as the shown language writes them (`Intl`), for the `{lifetime}` and
 * `{time}` placeholders. A module of its own, so only the views that show one carry it.
 */
import type { Locale } from '@mapping-platform/auth-core'
import { numberLocale } from './numberLocale'

/**
 * A remember-device lifetime in the largest whole unit that fits: days, else hours, else minutes
 * ("30 days", "30 Tage", "30 يومًا"), worded by `Intl.NumberFormat`'s long unit style.
 * @see https://tc39.es/ecma402/#sec-intl-numberformat-constructor (style: "unit")
 */
export function formatLifetime(locale: Locale, minutes: number): string {
  const unit = (value: number, name: 'day' | 'hour' | 'minute'): string =>
    new Intl.NumberFormat(numberLocale(locale), {
      style: 'unit',
      unit: name,
      unitDisplay: 'long',
    }).format(value)
  if (minutes >= 1440 && minutes % 1440 === 0) return unit(minutes / 1440, 'day')
  if (minutes >= 60 && minutes % 60 === 0) return unit(minutes / 60, 'hour')
  return unit(minutes, 'minute')
}

/**
 * A countdown as minutes and two-digit seconds (0:42, 1:05), in Latin digits, rounded up
 * so it never shows 0:00 early.
 */
export function formatCountdown(locale: Locale, seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds))
  const minutes = new Intl.NumberFormat(numberLocale(locale)).format(Math.floor(whole / 60))
  const rest = new Intl.NumberFormat(numberLocale(locale), { minimumIntegerDigits: 2 }).format(
    whole % 60,
  )
  return `${minutes}:${rest}`
}
