import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  root: fromRoot('./src/web'),
  publicDir: false,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@domain': fromRoot('./src/domain'),
      '@web': fromRoot('./src/web'),
    },
  },
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
  },
  server: {
    // `npm run dev`: Vite serves the client, the API runs on API_PORT and is proxied.
    proxy: {
      '/api': apiTarget,
      '/health': apiTarget,
    },
  },
});
