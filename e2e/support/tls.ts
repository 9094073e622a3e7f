/**
 * A throw-away certificate authority and a wildcard certificate for `*.platform.test`, made with
 * openssl at test time (never committed). Chromium trusts exactly this leaf key through
 * `--ignore-certificate-errors-spki-list`; Node's header checks trust the CA.
 */
import { createHash, X509Certificate } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PARENT_DOMAIN } from './env'
import { run } from './processes'

export interface TestCertificate {
  readonly caPath: string
  readonly certPath: string
  readonly keyPath: string
  /** base64(SHA-256(SubjectPublicKeyInfo)) of the leaf, as Chromium's SPKI list wants it. */
  readonly spkiHash: string
}

export function createTestCertificate(dir: string): TestCertificate {
  mkdirSync(dir, { recursive: true })
  const path = (name: string) => join(dir, name)
  const domain = PARENT_DOMAIN.slice(1)
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes']
  run('openssl', [
    'req', '-x509', ...ec, '-keyout', path('ca.key'), '-out', path('ca.crt'), '-days', '2',
    '-subj', '/CN=Sign-in e2e test CA (throw-away)',
    '-addext', 'basicConstraints=critical,CA:TRUE',
    '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
  ]) // prettier-ignore
  run('openssl', [
    'req', ...ec, '-keyout', path('leaf.key'), '-out', path('leaf.csr'), '-subj', `/CN=*.${domain}`,
  ]) // prettier-ignore
  writeFileSync(
    path('leaf.ext'),
    [
      'basicConstraints=critical,CA:FALSE',
      'keyUsage=critical,digitalSignature',
      'extendedKeyUsage=serverAuth',
      `subjectAltName=DNS:*.${domain},DNS:${domain}`,
    ].join('\n'),
  )
  run('openssl', [
    'x509', '-req', '-in', path('leaf.csr'), '-CA', path('ca.crt'), '-CAkey', path('ca.key'),
    '-CAcreateserial', '-out', path('leaf.crt'), '-days', '2', '-extfile', path('leaf.ext'),
  ]) // prettier-ignore
  const leaf = new X509Certificate(readFileSync(path('leaf.crt')))
  const spki = leaf.publicKey.export({ type: 'spki', format: 'der' })
  return {
    caPath: path('ca.crt'),
    certPath: path('leaf.crt'),
    keyPath: path('leaf.key'),
    spkiHash: createHash('sha256').update(spki).digest('base64'),
  }
}
