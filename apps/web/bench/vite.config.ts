import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Builds the grid benchmark page (`bench/grid.html`) into a temporary folder. */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss()],
  resolve: { conditions: ['@salondesk/source'] },
  logLevel: 'warn',
  build: { outDir: path.join(process.env.BENCH_OUT_DIR ?? path.join(import.meta.dirname, '.bench-dist')), emptyOutDir: true, rollupOptions: { input: path.join(import.meta.dirname, 'grid.html') } },
});
