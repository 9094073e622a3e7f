import { browserSessionDeps, createPlatformSession } from '@mapping-platform/auth-core/session'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { sessionConfig } from './sessionConfig'

const session = createPlatformSession(sessionConfig, browserSessionDeps(window))
const root = document.getElementById('root')
if (root !== null)
  createRoot(root).render(
    <StrictMode>
      <App session={session} />
    </StrictMode>,
  )
