import { describe, expect, it } from 'vitest'
import { preloadInTemplate } from './preloadViews'
import { deferScripts } from './scriptsAfterFirstFrame'

const PAGE = `<!doctype html><html><head><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>`

describe('preloadInTemplate', () => {
  it('puts the views’ preload beside the entry in the template, loaded with it (never in the head)', () => {
    const page = preloadInTemplate(deferScripts(PAGE), '/assets/views-2.js')
    expect(page).toContain(
      '<template id="scripts"><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/views-2.js"></template>',
    )
    expect(page.slice(0, page.indexOf('</head>'))).not.toContain('views-2.js')
  })

  it('refuses a page without the template of scripts', () => {
    expect(() => preloadInTemplate(PAGE, '/assets/views-2.js')).toThrow(/no template of scripts/)
  })
})
