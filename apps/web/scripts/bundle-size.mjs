// The bundle budget (ARCHITECTURE.md "Performance budgets"): how much JavaScript, gzipped, the
// browser must fetch before it can show /login. Read from Vite's build manifest, so it is exact
// and the same on every machine. Used by the `web` test project and by `pnpm bench`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_DIST = path.join(WEB_ROOT, 'dist');

/** Budget for the login route's initial JavaScript, in bytes of gzip (1 KB = 1024 bytes). */
export const LOGIN_BUDGET_BYTES = 130 * 1024;

/** Manifest key (source path) of the login screen's lazy chunk. */
export const LOGIN_ROUTE_SOURCE = 'src/routes/auth/auth-login/index.tsx';

export class MissingBuildError extends Error {
  constructor(manifestPath) {
    super(`No Vite manifest at ${manifestPath}: run the web build first (npx -y pnpm@10 --filter @salondesk/web build).`);
    this.name = 'MissingBuildError';
  }
}

/** Reads `dist/.vite/manifest.json`, or throws MissingBuildError. */
export function readManifest(distDir = DEFAULT_DIST) {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new MissingBuildError(manifestPath);
  return JSON.parse(readFileSync(manifestPath, 'utf8'));
}

/**
 * The manifest key of the application shell: the one chunk `main.tsx` loads on demand (Vite names
 * it after its file, or after the chunk when the shell shares modules with the routes).
 */
export function appShellKey(manifest) {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('The Vite manifest has no entry chunk.');
  const shells = entry.dynamicImports ?? [];
  if (shells.length !== 1) {
    throw new Error(`main.tsx should load exactly one chunk on demand (the app shell); it loads ${shells.length}: ${shells.join(', ')}`);
  }
  return shells[0];
}

/** The JavaScript files of the given chunks and of every static import of any of them, transitively. */
export function staticClosure(manifest, keys) {
  const seen = new Set();
  const files = [];
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`"${key}" is not in the Vite manifest: did the file move? Update bundle-size.mjs.`);
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

/**
 * The JavaScript files needed to show a route: the HTML entry, the given lazy chunks, and every
 * static import of any of them, transitively. Dynamic imports are not followed.
 */
export function initialChunks(manifest, sources) {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length === 0) throw new Error('The Vite manifest has no entry chunk.');
  return staticClosure(manifest, [...entries.map(([key]) => key), ...sources]);
}

/** Manifest key (source path) of the chart engine: ECharts, loaded on demand by `ui/Chart.tsx`. */
export const CHART_ENGINE_SOURCE = 'src/ui/chartEngine.ts';

/**
 * The chart engine as built: whether it is a chunk loaded on demand, its files (its chunk and
 * what it imports statically) with their gzip sizes, and which of them the login route fetches
 * before or at its first interaction (none, when charts stay out of /login).
 */
export function measureChartEngine(distDir = DEFAULT_DIST) {
  const manifest = readManifest(distDir);
  const chunk = manifest[CHART_ENGINE_SOURCE];
  if (!chunk) throw new Error(`"${CHART_ENGINE_SOURCE}" is not in the Vite manifest: did the file move? Update bundle-size.mjs.`);
  const files = staticClosure(manifest, [CHART_ENGINE_SOURCE]);
  const login = new Set(measureLoginReady(distDir).files.map((f) => f.file));
  return { onDemand: chunk.isDynamicEntry === true && !chunk.isEntry, file: chunk.file, ...gzipSizes(distDir, files), inLogin: files.filter((f) => login.has(f)) };
}

/** Gzip size (zlib, default level) of each file and their sum, in bytes. */
export function gzipSizes(distDir, files) {
  const sizes = files.map((file) => ({ file, bytes: gzipSync(readFileSync(path.join(distDir, file))).length }));
  return { files: sizes, total: sizes.reduce((sum, f) => sum + f.bytes, 0) };
}

/**
 * The login route's initial JavaScript, gzipped: everything the browser fetches to show /login
 * before the person does anything — the entry, the app shell and the login screen, each with its
 * static imports. (The SDK the screen needs to sign in is fetched on the first key press, pointer
 * press or input: `measureLoginReady` adds it.)
 */
export function measureLoginRoute(distDir = DEFAULT_DIST) {
  const manifest = readManifest(distDir);
  const result = gzipSizes(distDir, initialChunks(manifest, [appShellKey(manifest), LOGIN_ROUTE_SOURCE]));
  return { ...result, budget: LOGIN_BUDGET_BYTES };
}

/** The login route plus what its first interaction loads (the SDK chunk): all it takes to sign in. */
export function measureLoginReady(distDir = DEFAULT_DIST) {
  const manifest = readManifest(distDir);
  const login = manifest[LOGIN_ROUTE_SOURCE];
  if (!login) throw new Error(`"${LOGIN_ROUTE_SOURCE}" is not in the Vite manifest: did the file move? Update bundle-size.mjs.`);
  return gzipSizes(distDir, initialChunks(manifest, [appShellKey(manifest), LOGIN_ROUTE_SOURCE, ...(login.dynamicImports ?? [])]));
}

export const formatKB = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** One line for logs and `pnpm bench`. */
export function describeLoginRoute(result) {
  return `login route initial JS: ${formatKB(result.total)} gzip in ${result.files.length} files (budget ${formatKB(result.budget)})`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const result = measureLoginRoute(process.argv[2] ? path.resolve(process.argv[2]) : DEFAULT_DIST);
  for (const f of result.files) console.log(`${formatKB(f.bytes).padStart(10)}  ${f.file}`);
  console.log(describeLoginRoute(result));
  const ready = measureLoginReady(process.argv[2] ? path.resolve(process.argv[2]) : DEFAULT_DIST);
  console.log(`login route ready to sign in (after the first interaction): ${formatKB(ready.total)} gzip in ${ready.files.length} files`);
  const chart = measureChartEngine(process.argv[2] ? path.resolve(process.argv[2]) : DEFAULT_DIST);
  console.log(`chart engine (ECharts, on demand): ${formatKB(chart.total)} gzip in ${chart.files.length} files; fetched by /login: ${chart.inLogin.length === 0 ? 'no' : chart.inLogin.join(', ')}`);
  process.exitCode = result.total <= result.budget ? 0 : 1;
}
