import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { authCoreAliases } from './vite.config'

export default defineConfig({
  plugins: [react()],
  // auth-core as source, exactly as in vite.config.ts.
  resolve: { alias: authCoreAliases },
  test: {
    environment: 'happy-dom',
    // An https origin: Secure cookies are accepted and the redirect URI is a production-like one.
    environmentOptions: { happyDOM: { url: 'https://signin.example.com/' } },
    setupFiles: ['src/testSetup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    restoreMocks: true,
    testTimeout: 10_000,
  },
})
