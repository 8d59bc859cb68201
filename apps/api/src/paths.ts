import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** `apps/api`, found from this file, never from the working directory. */
export const API_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The monorepo root. */
export const REPO_ROOT = path.resolve(API_ROOT, '..', '..');
/** The committed SQL migrations written by drizzle-kit. */
export const MIGRATIONS_DIR = path.join(API_ROOT, 'drizzle');
/** Where the embedded PostgreSQL keeps its data unless `SALONDESK_DATA_DIR` says otherwise (git-ignored). */
export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, '.data');
/** The dashboard's production build. */
export const DEFAULT_WEB_DIST = path.join(REPO_ROOT, 'apps', 'web', 'dist');
