import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { IncomingMessage } from 'node:http';
import { defaultClientConditions, defineConfig, type ProxyOptions } from 'vite';

const API = process.env.SALONDESK_API ?? 'http://127.0.0.1:8080';

/** `/login` and `/password/...` are screens too: only API calls (not page loads) go to the API. */
const apiOnly: ProxyOptions = {
  target: API,
  changeOrigin: false,
  bypass: (req: IncomingMessage) => (req.method === 'GET' && req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // Workspace packages resolve to their TypeScript sources: no build of core or react needed.
  resolve: { conditions: ['@salondesk/source', ...defaultClientConditions] },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/login': apiOnly,
      '/logout': apiOnly,
      '/password': apiOnly,
      '/protected': { target: API },
      '/healthz': { target: API },
      // Short links (epay): `/s/{code}` redirects to the link's target.
      '/s/': { target: API },
      // Published websites and apps (and their previews), served by the API from the sites store.
      '/sites/': { target: API },
      // The public add-a-payment-method page is a screen; its calls (`/payment-method/{token}/get`, `/add`) go to the API.
      '/payment-method/': apiOnly,
      '/dev/outbox/messages': { target: API },
      // The realtime notification stream (socket.io, WebSocket upgrade included).
      '/socket.io': { target: API, ws: true },
    },
  },
  preview: { host: '127.0.0.1' },
  build: {
    manifest: true,
    target: 'es2022',
    // ECharts (`src/ui/chartEngine.ts`, ~540 kB) is one chunk fetched only by screens that draw a
    // chart (the bundle test checks /login never does): not a chunk to split further.
    chunkSizeWarningLimit: 600,
    sourcemap: true,
    rollupOptions: {
      // zod's sources carry explanatory comments next to @__PURE__ marks that Rollup reports and
      // drops; harmless, and noise in every `npm start`.
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/zod/')) return;
        warn(warning);
      },
    },
  },
});
