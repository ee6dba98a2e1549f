import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The service the dev server forwards GraphQL (HTTP and WebSocket) and evidence downloads to.
const api = process.env.PIXPAY_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/dashboard/',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1024,
  },
  server: {
    proxy: { '/graphql': { target: api, ws: true, changeOrigin: true }, '/v1/disputes': { target: api, changeOrigin: true } },
  },
});
