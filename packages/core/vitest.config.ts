import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@salondesk/source'] },
  test: {
    name: 'core',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
