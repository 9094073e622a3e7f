import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { QuickStartRoot } from './quickStartRoot.ts'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QuickStartRoot />
  </StrictMode>,
)
