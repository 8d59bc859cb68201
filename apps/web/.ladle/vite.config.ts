import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss()],
  resolve: { conditions: ['@salondesk/source', 'module', 'browser', 'development|production'] },
});
