import { defineConfig } from 'vitest/config';
import { testProjects } from './vitest.workspace';

export default defineConfig({
  test: {
    projects: testProjects,
    // Two test files at a time: on two cores Vitest would run one (cores − 1), and an API test
    // spends most of its time waiting for PostgreSQL, which runs in processes of its own.
    maxWorkers: 2,
  },
});
