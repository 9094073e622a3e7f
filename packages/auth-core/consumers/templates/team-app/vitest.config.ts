import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'happy-dom',
    // An https:// page: the test helpers' provider is not in local mode, so an http:// origin
    // in apiOrigins would be refused.
    environmentOptions: { happyDOM: { url: 'https://citystream.example.com/' } },
    include: ['src/**/*.test.tsx'],
    // auth-react's router entry and these tests must share one react-router: processed by
    // Vite like the tests, not loaded by Node beside them ("useLocation() may be used only in
    // the context of a <Router> component" otherwise).
    server: { deps: { inline: ['@mapping-platform/auth-react'] } },
  },
})
