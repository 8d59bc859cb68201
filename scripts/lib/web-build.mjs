// Builds the dashboard when its sources are newer than the last build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { root, step } from './run.mjs';

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export async function ensureWebBuilt({ force = false } = {}) {
  const web = path.join(root, 'apps', 'web');
  const built = path.join(web, 'dist', 'index.html');
  const sources = Math.max(
    newestMtime(path.join(web, 'src')),
    newestMtime(path.join(root, 'packages', 'core', 'src')),
    newestMtime(path.join(root, 'packages', 'react', 'src')),
    statSync(path.join(web, 'index.html')).mtimeMs,
  );
  if (!force && existsSync(built) && statSync(built).mtimeMs >= sources) return;
  await step('Build the dashboard (vite build)', 'vite', ['build', '--logLevel', 'warn'], { cwd: web });
}
