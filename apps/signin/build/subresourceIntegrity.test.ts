/**
 * Subresource Integrity: the build plugin's rewriting of a page, and the independent check
 * scripts/checkDist.mjs runs on every built page, including pages it must refuse.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import { describe, expect, it } from 'vitest'
import { checkIntegrity } from '../scripts/integrityCheck.mjs'
import { addIntegrity, integrityOf, subresourceIntegrity } from './subresourceIntegrity'

const encode = (text: string) => new TextEncoder().encode(text)
/** The files of a tiny build, by path under the base. */
const files: Record<string, string> = {
  'assets/index-abc.js': 'abc',
  'assets/index-x.css': 'body{}',
  'assets/de-1.js': 'export default {}',
}
const bytesOf = (path: string) => {
  const text = files[path]
  if (text === undefined) throw new Error(`no file ${path}`)
  return encode(text)
}
/** As the checker sees a deployment: URLs, not paths. */
const served = (url: string) =>
  files[url.replace(/^\//, '')] === undefined ? undefined : encode(files[url.replace(/^\//, '')]!)

const PAGE = `<!doctype html>
<html lang="de" dir="ltr">
  <head>
    <link rel="icon" href="/assets/favicon-1.svg" type="image/svg+xml" />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-x.css">
    <link rel="modulepreload" crossorigin href="/assets/de-1.js">
  </head>
  <body><div id="root"></div></body>
</html>`

// FIPS 180-2 test vector: SHA-384("abc"), base64 (as openssl dgst -sha384 -binary | base64).
const SHA384_ABC = 'sha384-ywB1P0WjXou1oD1pmsZQBycsMqsO3tFjGotgWkP/W+2AhgcroefMI1i67KE0yCWn'
const SHA384_CSS = 'sha384-myyg/hQ74aSgjBBvVME/QXAXEkT4Y9dHbVQ5C0lIyGpldvNLJV2IWc5ElXbqLi06'

describe('addIntegrity (the build plugin)', () => {
  it('adds a SHA-384 digest of the file to the script, the stylesheet and each module preload', () => {
    const page = addIntegrity(PAGE, '/', bytesOf)
    expect(integrityOf(encode('abc'))).toBe(SHA384_ABC)
    expect(page).toContain(
      `<script type="module" crossorigin src="/assets/index-abc.js" integrity="${SHA384_ABC}"></script>`,
    )
    expect(page).toContain(
      `<link rel="stylesheet" crossorigin href="/assets/index-x.css" integrity="${SHA384_CSS}">`,
    )
    expect(page).toContain(
      `href="/assets/de-1.js" integrity="${integrityOf(encode('export default {}'))}">`,
    )
    // The icon is not a subresource SRI applies to; nothing else changes.
    expect(page).toContain('<link rel="icon" href="/assets/favicon-1.svg" type="image/svg+xml" />')
    expect(page.replace(/ integrity="[^"]*"/g, '')).toBe(PAGE)
  })

  it('passes the independent check, which counts every subresource', () => {
    expect(checkIntegrity('index.de.html', addIntegrity(PAGE, '/', bytesOf), served)).toEqual({
      checked: 3,
      problems: [],
    })
  })

  it('refuses a page that already has an integrity attribute (hashes are made in one place)', () => {
    const twice = addIntegrity(PAGE, '/', bytesOf)
    expect(() => addIntegrity(twice, '/', bytesOf)).toThrow(/already has an integrity/)
  })

  it('refuses a subresource that is not a file of the build', () => {
    const external = PAGE.replace('/assets/index-abc.js', 'https://cdn.example.com/index.js')
    expect(() => addIntegrity(external, '/', bytesOf)).toThrow(/not a file of this build/)
    const missing = PAGE.replace('/assets/de-1.js', '/assets/gone.js')
    expect(() => addIntegrity(missing, '/', bytesOf)).toThrow(/no file assets\/gone\.js/)
  })
})

describe('checkIntegrity (scripts/checkDist.mjs)', () => {
  const good = addIntegrity(PAGE, '/', bytesOf)

  it('fails a page whose script, stylesheet or module preload has no integrity', () => {
    const { checked, problems } = checkIntegrity('index.html', PAGE, served)
    expect(checked).toBe(3)
    expect(problems).toEqual([
      'index.html: no integrity on <script type="module" crossorigin src="/assets/index-abc.js">',
      'index.html: no integrity on <link rel="stylesheet" crossorigin href="/assets/index-x.css">',
      'index.html: no integrity on <link rel="modulepreload" crossorigin href="/assets/de-1.js">',
    ])
  })

  it('fails a digest that does not match the bytes served (a corrupted or rebuilt file)', () => {
    const tampered = (url: string) => (url === '/assets/index-abc.js' ? encode('abd') : served(url))
    expect(checkIntegrity('index.html', good, tampered).problems).toEqual([
      'index.html: the sha384 integrity of /assets/index-abc.js does not match its bytes',
    ])
  })

  it('fails a digest of another file, a weak or malformed digest, and a missing file', () => {
    const swapped = good.replace(SHA384_CSS, SHA384_ABC)
    expect(checkIntegrity('p.html', swapped, served).problems).toEqual([
      'p.html: the sha384 integrity of /assets/index-x.css does not match its bytes',
    ])
    const weak = good.replace(SHA384_ABC, 'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=')
    expect(checkIntegrity('p.html', weak, served).problems).toEqual([
      'p.html: /assets/index-abc.js has a SHA-256 digest; use SHA-384 or SHA-512',
    ])
    const malformed = good.replace(SHA384_ABC, 'md5-kAFQmDzST7DWlj99KOF/cg==')
    expect(checkIntegrity('p.html', malformed, served).problems).toEqual([
      'p.html: "md5-kAFQmDzST7DWlj99KOF/cg==" is not an integrity digest (/assets/index-abc.js)',
    ])
    const empty = good.replace(`integrity="${SHA384_ABC}"`, 'integrity=""')
    expect(checkIntegrity('p.html', empty, served).problems).toHaveLength(1)
    const gone = good.replace('/assets/de-1.js', '/assets/gone.js')
    expect(checkIntegrity('p.html', gone, served).problems).toEqual([
      expect.stringMatching(/^p\.html: \/assets\/gone\.js is not a file of the build/),
    ])
  })

  it('accepts SHA-512, and every digest listed must match', () => {
    const sha512 =
      'sha512-3a81oZNherrMQXNJriBBMRLm+k6JqX6iCp7u5ktV05ohkpkqJ0/BqDa6PCOj/uu9RU1EI2Q86A4qmslPpUyknw=='
    expect(checkIntegrity('p.html', good.replace(SHA384_ABC, sha512), served).problems).toEqual([])
    const oneWrong = good.replace(SHA384_ABC, `${SHA384_ABC} ${SHA384_CSS}`)
    expect(checkIntegrity('p.html', oneWrong, served).problems).toEqual([
      'p.html: the sha384 integrity of /assets/index-abc.js does not match its bytes',
    ])
  })

  it('sees script and style preloads and single-quoted or unquoted attributes', () => {
    const page = `<link rel=preload as=script href=/assets/index-abc.js>
      <link rel='preload' as='style' href='/assets/index-x.css'>
      <link rel="preload" as="image" href="/assets/logo.png">
      <script>/* inline: no subresource */</script>`
    expect(checkIntegrity('p.html', page, served)).toEqual({
      checked: 2,
      problems: [
        'p.html: no integrity on <link rel=preload as=script href=/assets/index-abc.js>',
        "p.html: no integrity on <link rel='preload' as='style' href='/assets/index-x.css'>",
      ],
    })
  })
})

describe('subresourceIntegrity() in a real build', () => {
  it('hashes the files as written, after a plugin that changed them at the last moment', async () => {
    const root = mkdtempSync(join(tmpdir(), 'sri-'))
    try {
      writeFileSync(
        join(root, 'index.html'),
        '<!doctype html><html><head><link rel="stylesheet" href="/style.css"></head>' +
          '<body><script type="module" src="/main.js"></script></body></html>',
      )
      writeFileSync(join(root, 'main.js'), 'document.title = "built"\n')
      writeFileSync(join(root, 'style.css'), 'body { color: red }\n')
      const LATE = '\n/* appended by a plugin after every other generateBundle */\n'
      await build({
        root,
        configFile: false,
        logLevel: 'silent',
        build: { outDir: join(root, 'dist') },
        plugins: [
          subresourceIntegrity(),
          {
            name: 'test:late-change',
            enforce: 'post',
            generateBundle: {
              order: 'post',
              handler(_options, bundle) {
                for (const output of Object.values(bundle))
                  if (output.type === 'chunk') output.code += LATE
              },
            },
          },
        ],
      })
      const dist = join(root, 'dist')
      const html = readFileSync(join(dist, 'index.html'), 'utf8')
      const script = /src="\/(assets\/[^"]+\.js)" integrity="([^"]+)"/.exec(html)
      const style = /href="\/(assets\/[^"]+\.css)" integrity="([^"]+)"/.exec(html)
      expect(script, html).not.toBeNull()
      expect(style, html).not.toBeNull()
      const written = readFileSync(join(dist, script![1]!))
      expect(written.toString('utf8')).toContain(LATE)
      expect(script![2]).toBe(integrityOf(written))
      expect(style![2]).toBe(integrityOf(readFileSync(join(dist, style![1]!))))
      expect(
        checkIntegrity('index.html', html, (url) => readFileSync(join(dist, url))).problems,
      ).toEqual([])
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})
