import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@salondesk/source'] },
  test: {
    name: 'react',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
