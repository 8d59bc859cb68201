import { defineProject } from 'vitest/config';

// Checks of the repository as a whole (not of one package): the import rules of every package
// (`.dependency-cruiser.cjs`, read by `imports.test.ts`).
export default defineProject({
  test: {
    name: 'repo',
    environment: 'node',
    include: ['**/*.test.ts'],
    // Reading every module of the four packages takes a few seconds; more on a busy machine.
    testTimeout: 120_000,
  },
});
