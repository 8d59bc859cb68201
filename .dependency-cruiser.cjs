// The import rules of every package (dependency-cruiser), checked by `npm test`
// (scripts/imports.test.ts, the `repo` Vitest project) and by hand with
// `npx depcruise packages apps`.
//
// `tsPreCompilationDeps: true`: imports are read from the TypeScript sources, so an
// `import type` counts as much as any other import (a circle of types is still a circle).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No module reaches itself through its imports (type-only imports included).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-models-not-rules',
      severity: 'error',
      comment: "In @salondesk/core the rules build on the models: a model never imports a rule.",
      from: { path: '^packages/core/src/models/' },
      to: { path: '^packages/core/src/rules/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    // Each workspace package is followed into through its sources (the `@salondesk/source`
    // condition, as tsc, Vite and Vitest resolve it); third-party packages are not followed.
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.ladle-build|test-results|playwright-report)/' },
    enhancedResolveOptions: {
      conditionNames: ['@salondesk/source', 'import', 'types', 'default'],
      exportsFields: ['exports'],
      mainFields: ['module', 'main', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.mts', '.js', '.mjs', '.jsx', '.cjs', '.json'],
    },
  },
};
