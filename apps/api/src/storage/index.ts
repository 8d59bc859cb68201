import { type ObjectStore, STORE_NAMES, type StoreName } from './objectStore';
import { createS3Store } from './s3Store';
import { parseS3Url, type S3Location } from './s3Url';
import { type RunningS3Simulator, startS3Simulator } from './simulator';

export type { ObjectInfo, ObjectStore, ObjectSummary, PutOptions, StoredObject, StoreName } from './objectStore';
export { readAll, STORE_NAMES } from './objectStore';

/** The environment variable naming each store's bucket. */
export const STORE_ENV: Record<StoreName, 'SITES_S3_URL' | 'MEDIA_S3_URL'> = { sites: 'SITES_S3_URL', media: 'MEDIA_S3_URL' };

/** The bucket each store uses in the local stand-in. */
const LOCAL_BUCKET: Record<StoreName, string> = { sites: 'salondesk-sites', media: 'salondesk-media' };

/** What the server reads for its stores: a bucket per store, or none (the local stand-in). */
export type StorageConfig = Record<StoreName, S3Location | undefined>;

/** `SITES_S3_URL` and `MEDIA_S3_URL`, checked (a wrong value stops the start with a clear message). */
export function storageConfigOf(env: NodeJS.ProcessEnv): StorageConfig {
  const config = {} as StorageConfig;
  for (const name of STORE_NAMES) {
    const value = env[STORE_ENV[name]]?.trim();
    config[name] = value ? parseS3Url(value, STORE_ENV[name]) : undefined;
  }
  return config;
}

export interface StorageOptions {
  /** Each store's bucket; a store without one uses the local stand-in. Default: from the environment. */
  config?: StorageConfig;
  /** Where the local stand-in keeps its objects (`<dataDir>/objects/<bucket>/`). */
  dataDir: string;
}

/** The server's stores, and the local stand-in when one runs. */
export interface Storage {
  store(name: StoreName): ObjectStore;
  /** The local S3 stand-in, when a store has no bucket configured. */
  simulator: RunningS3Simulator | undefined;
  close(): Promise<void>;
}

let current: Storage | undefined;

/**
 * Opens the stores: a configured bucket through the S3 adapter, otherwise the same adapter against
 * a local S3 stand-in started here on 127.0.0.1 (objects under `<dataDir>/objects/`). The server
 * calls it once at start; `objectStore(name)` then answers with these stores.
 */
export async function startStorage(options: StorageOptions): Promise<Storage> {
  const config = options.config ?? storageConfigOf(process.env);
  const local = STORE_NAMES.filter((name) => !config[name]);
  const simulator = local.length > 0 ? await startS3Simulator({ dir: options.dataDir, buckets: local.map((n) => LOCAL_BUCKET[n]) }) : undefined;
  const stores = {} as Record<StoreName, ObjectStore>;
  for (const name of STORE_NAMES) {
    const location: S3Location = config[name] ?? {
      endpoint: simulator!.endpoint,
      bucket: LOCAL_BUCKET[name],
      region: 'us-east-1',
      accessKeyId: simulator!.accessKeyId,
      secretAccessKey: simulator!.secretAccessKey,
      forcePathStyle: true,
    };
    stores[name] = createS3Store(location);
  }
  const storage: Storage = {
    store: (name) => stores[name],
    simulator,
    async close() {
      if (current === storage) current = undefined;
      await simulator?.close();
    },
  };
  current = storage;
  return storage;
}

/** The running server's store `name` (`sites`: published sites and apps; `media`: the media library). */
export function objectStore(name: StoreName): ObjectStore {
  if (!current) throw new Error('Object storage is not started (startStorage runs when the server is built)');
  return current.store(name);
}
