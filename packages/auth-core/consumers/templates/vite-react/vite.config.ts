import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The server render bundles everything, the package included, as the client build does.
export default defineConfig({ plugins: [react()], ssr: { noExternal: true } })
