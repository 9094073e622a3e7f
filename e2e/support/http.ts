/**
 * Plain HTTP(S) requests from Node to the production-mode nginx, as a client on the internet would
 * make them: the real host name in SNI and Host, connected to 127.0.0.1, trusting only the test CA.
 * Used for header assertions (a browser hides some of them, and never shows a 301's headers).
 */
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { gunzipSync } from 'node:zlib'
import { HTTP_PORT, HTTPS_PORT } from './env'

export interface RawResponse {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: Buffer
}

export interface RawRequestOptions {
  /** PEM of the CA to trust (HTTPS). */
  readonly ca?: string | Buffer
  readonly method?: string
  readonly headers?: Readonly<Record<string, string>>
  /** Another port than the run's nginx (a second server, e.g. a config rendered differently). */
  readonly port?: number
  /** TLS versions to offer, to prove old ones are refused. */
  readonly maxVersion?: 'TLSv1' | 'TLSv1.1' | 'TLSv1.2' | 'TLSv1.3'
}

/** Requests `url` (an `https://*.platform.test` or `http://*.platform.test` URL) from nginx. */
export function rawRequest(url: string, options: RawRequestOptions = {}): Promise<RawResponse> {
  const target = new URL(url)
  const secure = target.protocol === 'https:'
  return new Promise((resolve, reject) => {
    const common = {
      host: '127.0.0.1',
      port: options.port ?? (secure ? HTTPS_PORT : HTTP_PORT),
      path: `${target.pathname}${target.search}`,
      method: options.method ?? 'GET',
      headers: { Host: target.host, ...options.headers },
    }
    const onResponse = (response: IncomingMessage) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        const headers: Record<string, string> = {}
        for (const [name, value] of Object.entries(response.headers))
          if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
        let body = Buffer.concat(chunks)
        if (headers['content-encoding'] === 'gzip') body = gunzipSync(body)
        resolve({ status: response.statusCode ?? 0, headers, body })
      })
      response.on('error', reject)
    }
    const request = secure
      ? httpsRequest(
          {
            ...common,
            servername: target.hostname,
            ...(options.ca ? { ca: options.ca } : {}),
            ...(options.maxVersion ? { maxVersion: options.maxVersion, minVersion: 'TLSv1' } : {}),
          },
          onResponse,
        )
      : httpRequest(common, onResponse)
    request.on('error', reject)
    request.setTimeout(10_000, () => request.destroy(new Error(`timeout: ${url}`)))
    request.end()
  })
}
