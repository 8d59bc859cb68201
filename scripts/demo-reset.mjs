#!/usr/bin/env node
// `npm run demo:reset`: wipes the database and creates the demo data again.
import path from 'node:path';
import { ensureInstalled, root, step } from './lib/run.mjs';

await ensureInstalled();
await step('Reset the demo data', path.join(root, 'node_modules', '.bin', 'tsx'), ['--conditions=@salondesk/source', 'src/cli/demo-reset.ts'], {
  cwd: path.join(root, 'apps', 'api'),
  env: { SALONDESK_DATA_DIR: process.env.SALONDESK_DATA_DIR ?? path.join(root, '.data') },
});
