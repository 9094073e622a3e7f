/**
 * The secret corpus (security checklist C1): every password typed, every code typed or read, and
 * every state token, session token, `state`, `code`, `code_verifier`, `nonce`, access, refresh
 * and ID token seen in the browser's traffic. Each test's values are appended to the run's record;
 * the final check asserts none of them reached Sentry.
 */
import type { BrowserContext, Page, Request, Response } from '@playwright/test'
import { ORIGINS } from './env'
import { appendJsonLines, RUN_FILES } from './runFiles'

export type SecretKind =
  | 'password'
  | 'email'
  | 'passCode'
  | 'stateToken'
  | 'sessionToken'
  | 'state'
  | 'code'
  | 'code_verifier'
  | 'nonce'
  | 'access_token'
  | 'refresh_token'
  | 'id_token'
  | 'sharedSecret'
  | 'cookie'

/** Field names whose values are secrets, wherever they appear (JSON, form, query, fragment). */
const SECRET_FIELDS: Readonly<Record<string, SecretKind>> = {
  password: 'password',
  username: 'email',
  passcode: 'passCode',
  statetoken: 'stateToken',
  sessiontoken: 'sessionToken',
  state: 'state',
  code: 'code',
  code_verifier: 'code_verifier',
  nonce: 'nonce',
  access_token: 'access_token',
  refresh_token: 'refresh_token',
  id_token: 'id_token',
  id_token_hint: 'id_token',
  sharedsecret: 'sharedSecret',
  secret: 'sharedSecret',
}

/** Kinds that may never be in web storage (the spec keeps the state token, verifier and state there). */
export const NEVER_STORED: ReadonlySet<SecretKind> = new Set<SecretKind>([
  'password',
  'email',
  'passCode',
  'sessionToken',
  'code',
  'access_token',
  'refresh_token',
  'id_token',
  'sharedSecret',
  'cookie',
])

export interface SecretValue {
  readonly value: string
  readonly kind: SecretKind
}

/** A value is worth tracking when it cannot occur by chance: at least 6 characters. */
const MIN_LENGTH = 6

export class SecretCorpus {
  private readonly values = new Map<string, SecretKind>()

  add(value: string | null | undefined, kind: SecretKind): void {
    if (typeof value !== 'string' || value.length < MIN_LENGTH) return
    if (!this.values.has(value)) this.values.set(value, kind)
  }

  all(): SecretValue[] {
    return [...this.values].map(([value, kind]) => ({ value, kind }))
  }

  addFromParams(params: URLSearchParams): void {
    for (const [name, value] of params) {
      const kind = SECRET_FIELDS[name.toLowerCase()]
      if (kind) this.add(value, kind)
    }
  }

  /** Query and fragment parameters of a URL. */
  addFromUrl(url: string): void {
    try {
      const parsed = new URL(url)
      this.addFromParams(parsed.searchParams)
      if (parsed.hash.length > 1) this.addFromParams(new URLSearchParams(parsed.hash.slice(1)))
    } catch {
      // not a URL
    }
  }

  /** Every secret-named field of a JSON value, at any depth (and otpauth:// URIs in strings). */
  addFromJson(value: unknown): void {
    if (Array.isArray(value)) for (const item of value) this.addFromJson(item)
    else if (typeof value === 'object' && value !== null)
      for (const [name, field] of Object.entries(value)) {
        const kind = SECRET_FIELDS[name.toLowerCase()]
        if (kind && typeof field === 'string') this.add(field, kind)
        else this.addFromJson(field)
      }
    else if (typeof value === 'string' && value.startsWith('otpauth://')) this.addFromUrl(value)
  }

  /** A request or response body, JSON or form-encoded. */
  addFromBody(text: string | null): void {
    if (!text) return
    try {
      this.addFromJson(JSON.parse(text))
      return
    } catch {
      // not JSON
    }
    if (/^[^=&\s]+=[^&]*(&[^=&\s]+=[^&]*)*$/.test(text))
      this.addFromParams(new URLSearchParams(text))
  }

  /** Watches a context's traffic: request URLs, bodies and headers, provider responses, navigations. */
  watch(context: BrowserContext): void {
    const sentry = new URL(ORIGINS.sentry).origin
    context.on('request', (request: Request) => {
      if (new URL(request.url()).origin === sentry) return
      this.addFromUrl(request.url())
      this.addFromBody(request.postData())
      const headers = request.headers()
      const bearer = /^Bearer (.+)$/i.exec(headers.authorization ?? '')
      if (bearer) this.add(bearer[1], 'code')
      this.add(headers.nonce, 'nonce')
    })
    context.on('response', (response: Response) => {
      const origin = new URL(response.url()).origin
      if (origin !== ORIGINS.okta && origin !== ORIGINS.api && origin !== ORIGINS.google) return
      if (!(response.headers()['content-type'] ?? '').includes('json')) return
      response.text().then(
        (text) => this.addFromBody(text),
        () => undefined, // the page moved on; its cookies and URLs are collected anyway
      )
    })
    const watchPage = (page: Page) =>
      page.on('framenavigated', (frame) => this.addFromUrl(frame.url()))
    context.pages().forEach(watchPage)
    context.on('page', watchPage)
  }

  /** The cookies the context ends with (tokens written by the app). */
  async addCookies(context: BrowserContext): Promise<void> {
    for (const cookie of await context.cookies()) {
      const kind = SECRET_FIELDS[cookie.name.toLowerCase()]
      if (kind) this.add(cookie.value, kind)
      else if (cookie.name === 'sid') this.add(cookie.value, 'cookie')
    }
  }

  /** Appends this test's values to the run's record. */
  persist(test: string): void {
    appendJsonLines(
      RUN_FILES.corpus,
      this.all().map((secret) => ({ ...secret, test })),
    )
  }
}

/** Where `text` contains `secret` (raw, URL-encoded or JSON-escaped); short numeric codes only as whole tokens. */
export function containsSecret(text: string, secret: string): boolean {
  const forms = new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)])
  for (const form of forms) {
    if (/^\d{6,8}$/.test(form)) {
      if (new RegExp(`(?<![0-9A-Za-z])${form}(?![0-9A-Za-z])`).test(text)) return true
    } else if (text.includes(form)) return true
  }
  return false
}
