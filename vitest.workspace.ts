/**
 * The one list of test projects. `vitest.config.ts` runs them all; each project's own
 * `vitest.config.ts` says how (Node, jsdom, the embedded PostgreSQL).
 * Browser journeys (Playwright, apps/web/e2e) are run by scripts/test.mjs after these.
 */
export const testProjects = [
  'packages/core/vitest.config.ts',
  'packages/react/vitest.config.ts',
  'apps/api/vitest.config.ts',
  'apps/web/vitest.config.ts',
  // The repository's own checks: the import rules of every package (scripts/imports.test.ts).
  'scripts/vitest.config.ts',
];
