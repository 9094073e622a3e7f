import { PlatformSessionProvider } from '@mapping-platform/auth-react'
import { RouterProvider, createBrowserRouter } from 'react-router'
import { createRoutes } from './routes.tsx'
import { api, apiOrigins, config, requireSession, session, SUB_SITE } from './session.ts'

const router = createBrowserRouter(createRoutes(requireSession, api))

export function App() {
  return (
    <PlatformSessionProvider
      session={session}
      subSite={SUB_SITE}
      apiOrigins={apiOrigins}
      localMode={config.localMode}
    >
      <RouterProvider router={router} />
    </PlatformSessionProvider>
  )
}
