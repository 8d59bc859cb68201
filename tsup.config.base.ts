import type { Options } from 'tsup';

/** The one tsup config every publishable package builds with. */
export const packageBuild = (entry: Record<string, string>): Options => ({
  entry,
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  treeshake: true,
  splitting: false,
});
