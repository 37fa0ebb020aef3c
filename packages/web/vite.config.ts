import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = process.env.API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': server, '/runtime-config.js': server, '/mqtt': { target: server, ws: true } },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
  },
});
