import { defineConfig } from 'vite'

// The backends built for Node (Express, Hono): the packages stay imports, as Node resolves them.
export default defineConfig({
  build: {
    ssr: true,
    outDir: 'dist-server',
    rollupOptions: { input: ['server/main.ts', 'server/check.ts'] },
  },
})
