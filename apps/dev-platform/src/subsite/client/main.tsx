/**
 * The demo sub-site's page script, bundled at start-up into `/static/subsite.js`: a small React app
 * on `@mapping-platform/auth-react`, as a sub-site team would write it. The server renders the
 * configuration into `<meta name="subsite-config">`; this file reads it and mounts the app.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { SubsiteApp } from './SubsiteApp'
import { parseSubsiteConfig, SUBSITE_CONFIG_META } from './subsiteConfig'

const root = document.getElementById('session')
if (root !== null) {
  const meta = document.querySelector(`meta[name="${SUBSITE_CONFIG_META}"]`)
  let app
  try {
    app = <SubsiteApp config={parseSubsiteConfig(meta?.getAttribute('content'))} />
  } catch (error) {
    app = <p role="alert">This sub-site is misconfigured: {String(error)}</p>
  }
  root.removeAttribute('aria-busy')
  createRoot(root).render(<StrictMode>{app}</StrictMode>)
}
