// Small process helpers for the root scripts. Only Node built-ins: these run before dependencies exist.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const binPath = (cwd) =>
  [path.join(cwd, 'node_modules', '.bin'), path.join(root, 'node_modules', '.bin'), process.env.PATH].join(path.delimiter);

/** Runs a command to completion with inherited output; resolves to its exit code. */
export function run(command, args, { cwd = root, env = {}, quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, PATH: binPath(cwd), ...env },
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    if (quiet) {
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
    }
    child.on('close', (code, signal) => {
      if (quiet && code !== 0) process.stderr.write(output);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** Runs a step and stops the script when it fails. */
export async function step(title, command, args, options) {
  const started = Date.now();
  console.log(`\n▶ ${title}`);
  const code = await run(command, args, options);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (code !== 0) {
    console.error(`✖ ${title} failed (exit ${code}, ${seconds}s)`);
    process.exit(code);
  }
  console.log(`✔ ${title} (${seconds}s)`);
}

const pnpmArgs = ['-y', 'pnpm@10'];
export const pnpm = (args, options) => run('npx', [...pnpmArgs, ...args], options);

/** Installs the workspace's dependencies when the lockfile or a manifest changed since the last install. */
export async function ensureInstalled() {
  const manifests = ['pnpm-lock.yaml', 'pnpm-workspace.yaml', 'package.json', 'packages/core/package.json', 'packages/react/package.json', 'apps/api/package.json', 'apps/web/package.json'];
  const hash = createHash('sha256');
  for (const file of manifests) {
    const full = path.join(root, file);
    if (existsSync(full)) hash.update(file).update(readFileSync(full));
  }
  const digest = hash.digest('hex');
  const stamp = path.join(root, 'node_modules', '.salondesk-install');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) return;
  console.log('▶ Installing dependencies (pnpm install)…');
  const frozen = process.env.CI ? ['--frozen-lockfile'] : [];
  const code = await pnpm(['install', ...frozen], { cwd: root });
  if (code !== 0) {
    console.error('✖ pnpm install failed');
    process.exit(code);
  }
  writeFileSync(stamp, digest);
}

/** The first command on PATH among the given names, or null. */
export function which(...names) {
  for (const name of names) {
    const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
    if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  }
  return null;
}
