import { defineProject } from 'vitest/config';

// Core is imported from its TypeScript source (the `@salondesk/source` export condition). Vitest 4
// resolves test files in Vite's `ssr` environment and the global setup in its own `__vitest__`
// environment; neither reads the top-level `resolve.conditions`, so each gets the condition too.
// Not `module` (a bundlers' condition): Vitest hands these to the test workers' Node as
// `--conditions`, and Node would then load the AWS SDK's bundler builds (imports without file
// extensions) where the server, run by Node, loads its CommonJS build.
const conditions = ['@salondesk/source', 'node', 'development|production'];

export default defineProject({
  resolve: { conditions: ['@salondesk/source'] },
  ssr: { resolve: { conditions } },
  environments: { __vitest__: { resolve: { conditions } } },
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // One embedded PostgreSQL per run, with a migrated and seeded template database;
    // each test file copies it into a fresh database (src/test/harness.ts).
    globalSetup: ['src/test/global-setup.ts'],
    // A short demo history (the seed writes 365 days by default) keeps the template and every
    // server the tests start small.
    // A fixed server key for secrets at rest (secrets/), so no test writes a generated key file.
    env: { SALONDESK_DEMO_DAYS: '10', SALONDESK_SECRET_KEY: 'b1f0c3d9a4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f' },
    testTimeout: 20_000,
    // Test files share their worker's modules (the server's code is imported once per worker, not
    // once per file: that import was most of the suite's time). Nothing here depends on a fresh
    // module: every file starts its own servers on its own database, and the server keeps no
    // state in a module that a second server in the same process would see (tests already run
    // several servers in one file).
    isolate: false,
    hookTimeout: 60_000,
  },
});
