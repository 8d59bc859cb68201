import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ObjectStore, StoreName } from './objectStore';
import { createS3Store } from './s3Store';
import { type RunningS3Simulator, startS3Simulator } from './simulator';

export interface TestObjectStore {
  store: ObjectStore;
  simulator: RunningS3Simulator;
  /** The temp folder the objects are kept in. */
  dir: string;
  /** Stops the stand-in and removes the folder. */
  close(): Promise<void>;
}

/** A store of its own for a test: the S3 adapter against a local stand-in on a fresh temp folder. */
export async function testObjectStore(name: StoreName = 'sites'): Promise<TestObjectStore> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `salondesk-${name}-`));
  const bucket = `test-${name}`;
  const simulator = await startS3Simulator({ dir, buckets: [bucket] });
  const store = createS3Store({
    endpoint: simulator.endpoint,
    bucket,
    region: 'us-east-1',
    accessKeyId: simulator.accessKeyId,
    secretAccessKey: simulator.secretAccessKey,
    forcePathStyle: true,
  });
  return {
    store,
    simulator,
    dir,
    async close() {
      await simulator.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
