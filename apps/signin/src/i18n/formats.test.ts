/** The catalogue's number, duration and countdown wording, in English and other languages. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadMessages } from '@mapping-platform/auth-core/messages'
import { formatCountdown, formatLifetime } from './formats'
import { plural } from './plural'
import { createTranslator, fill } from './translator'
// The code and password steps' English texts, handed to the page's translators with their views.
import { enLaterSteps } from './enLaterSteps'

describe('the catalogue’s parameterised texts', () => {
  const { t } = createTranslator('en', {}, enLaterSteps)

  it('words a remember-device lifetime in days, hours or minutes, whichever fits whole', () => {
    expect(formatLifetime('en', 10080)).toBe('7 days')
    expect(formatLifetime('en', 1440)).toBe('1 day')
    expect(formatLifetime('en', 720)).toBe('12 hours')
    expect(formatLifetime('en', 90)).toBe('90 minutes')
    expect(t('rememberDevice.forLifetime', { lifetime: formatLifetime('en', 43200) })).toBe(
      'Don’t ask for a code on this device for 30 days',
    )
    expect(formatLifetime('de', 43200)).toBe('30 Tage')
  })

  it('writes a countdown as m:ss, rounding up so it never shows 0:00 early', () => {
    expect(formatCountdown('en', 42)).toBe('0:42')
    expect(formatCountdown('en', 65)).toBe('1:05')
    expect(formatCountdown('en', 0.2)).toBe('0:01')
    expect(formatCountdown('en', -3)).toBe('0:00')
    expect(t('rateLimit.retryIn', { time: formatCountdown('en', 42) })).toBe('Try again in 0:42')
    expect(formatCountdown('ar', 65)).toBe('1:05')
  })

  it('counts password rules in the singular and the plural (Intl.PluralRules)', () => {
    const english = createTranslator('en', {}, enLaterSteps)
    expect(plural(english, 'passwordExpired.rules.minLength', 8)).toBe('At least 8 characters')
    expect(plural(english, 'passwordExpired.rules.minNumber', 1)).toBe('At least 1 number')
    expect(plural(english, 'passwordExpired.rules.minSymbol', 2)).toBe('At least 2 symbols')
    expect(plural(english, 'passwordExpired.rules.minLength', 1000)).toBe(
      'At least 1,000 characters',
    )
  })

  // Intl words a lifetime in the nominative ("1 минута", "يومان"); after a preposition that
  // governs another case ("на 1 минуту", "لمدة يومين") it would read wrong, so these locales put
  // it where the nominative is right, after a colon.
  it.each([
    ['ru', 'Не запрашивать код на этом устройстве (срок: 1 минута)', '(срок: 2 дня)'],
    ['uk', 'Не запитувати код на цьому пристрої (термін: 1 хвилина)', '(термін: 2 дні)'],
    ['pl', 'Nie pytaj o kod na tym urządzeniu (okres: 1 minuta)', '(okres: 2 dni)'],
    ['ar', 'عدم طلب رمز على هذا الجهاز (المدة: دقيقة)', '(المدة: يومان)'],
  ] as const)(
    '%s words every lifetime in the case its sentence needs',
    async (locale, one, two) => {
      const sentence = (await loadMessages(locale))['rememberDevice.forLifetime'] as string
      const worded = (minutes: number) =>
        fill(sentence, { lifetime: formatLifetime(locale, minutes) }, locale)
      expect(worded(1)).toBe(one)
      expect(worded(2880)).toContain(two)
    },
  )

  it('says "one" and "two" in words in Arabic, and counts from three', async () => {
    const arabic = createTranslator('ar', await loadMessages('ar'))
    expect(plural(arabic, 'passwordExpired.rules.minLength', 1)).toBe('حرف واحد على الأقل')
    expect(plural(arabic, 'passwordExpired.rules.minLength', 2)).toBe('حرفان على الأقل')
    expect(plural(arabic, 'passwordExpired.rules.minLength', 8)).toBe('8 أحرف على الأقل')
  })
})

/**
 * Every number on the page in Latin digits, in every locale and engine: the code a person types
 * and reads in an authenticator app is Latin, and current CLDR writes Latin digits by default in
 * each of the page's locales (Arabic too: Chromium, Firefox). An engine on an older ICU writes
 * Arabic-Indic digits for a bare `ar` (WebKitGTK with Debian 12's ICU 72 said "الرقم ١ من ٦"
 * where Chromium said "الرقم 1 من 6"); here that engine is stood in for.
 */
describe('numbers in an engine whose ICU writes Arabic-Indic digits for ar (ICU 72)', () => {
  afterEach(() => vi.restoreAllMocks())

  function olderIcu(): void {
    const Format = Intl.NumberFormat
    // ICU 72's default for `ar` was `arab`; `ar-EG` still is, and `-u-nu-latn` overrides both.
    const asIcu72 = (locales: Intl.LocalesArgument) => (locales === 'ar' ? 'ar-EG' : locales)
    vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (locales, options) {
      return new Format(asIcu72(locales), options)
    })
    vi.spyOn(Number.prototype, 'toLocaleString').mockImplementation(function (
      this: number,
      locales,
      options,
    ) {
      return new Format(asIcu72(locales), options).format(this)
    })
  }

  it('the code boxes, the countdown, a lifetime and a count: Latin digits in Arabic', async () => {
    olderIcu()
    expect((1).toLocaleString('ar')).toBe('١') // the stand-in works
    const arabic = createTranslator('ar', await loadMessages('ar'))
    expect(arabic.t('code.digitLabel', { position: 1, total: 6 })).toBe('الرقم 1 من 6')
    expect(formatCountdown('ar', 65)).toBe('1:05')
    expect(formatLifetime('ar', 43200)).toBe('30 يومًا')
    expect(plural(arabic, 'passwordExpired.rules.minLength', 8)).toBe('8 أحرف على الأقل')
  })
})
