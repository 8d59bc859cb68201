#!/usr/bin/env node
// `npm start`: installs what is missing, builds the dashboard, and starts the API server with the
// dashboard on http://localhost:8080 (embedded PostgreSQL and demo data unless DATABASE_URL is set).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureInstalled, root } from './lib/run.mjs';
import { ensureWebBuilt } from './lib/web-build.mjs';

await ensureInstalled();
await ensureWebBuilt();

const api = path.join(root, 'apps', 'api');
const child = spawn(
  path.join(root, 'node_modules', '.bin', 'tsx'),
  ['--conditions=@salondesk/source', path.join(api, 'src', 'main.ts')],
  { cwd: api, stdio: 'inherit', env: { SALONDESK_DATA_DIR: path.join(root, '.data'), ...process.env } },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
