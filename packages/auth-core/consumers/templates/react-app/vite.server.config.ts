import { defineConfig, mergeConfig } from 'vite'
import app from './vite.config.ts'

// The app's own config, built for Node: the server render, the page in happy-dom and the
// component test, each importing the installed packages (external, as Node resolves them).
export default mergeConfig(
  app,
  defineConfig({
    build: {
      ssr: true,
      outDir: 'dist-server',
      rollupOptions: { input: ['src/server.tsx', 'src/browser.tsx', 'src/testing.tsx'] },
    },
  }),
)
