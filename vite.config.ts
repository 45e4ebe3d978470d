import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { loadToolsEnv } from './src-server/config/tools-env.ts';

const { PORT: port, DEV_SERVER_PORT: serverPort } = loadToolsEnv();

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // scripts/check-bundle.mjs reads it to measure what the dashboard loads first.
    manifest: true,
  },
  server: {
    port,
    strictPort: true,
    proxy: {
      '/api': `http://127.0.0.1:${serverPort}`,
      '/trpc': { target: `ws://127.0.0.1:${serverPort}`, ws: true, changeOrigin: true },
      '/dev': `http://127.0.0.1:${serverPort}`,
      // The installable app's files are the server's (per brand): sw.js, the manifest, its icons.
      '/sw.js': `http://127.0.0.1:${serverPort}`,
      '/manifest.webmanifest': `http://127.0.0.1:${serverPort}`,
      '/icons': `http://127.0.0.1:${serverPort}`,
    },
  },
});
