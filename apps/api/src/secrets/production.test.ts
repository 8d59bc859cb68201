import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, spawnMain } from '../test/spawn-main';

describe('the server in production', () => {
  it('refuses to start without SALONDESK_SECRET_KEY, before touching any data', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salondesk-prod-'));
    try {
      const main = spawnMain(dataDir, await freePort(), { NODE_ENV: 'production', SALONDESK_SECRET_KEY: '' });
      const { code } = await main.exited;
      expect(code).toBe(1);
      expect(main.output()).toContain('SALONDESK_SECRET_KEY is required in production');
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
