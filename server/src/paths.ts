import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

// This file sits directly in server/src and the bundle in server/dist, so ".." is the server package
// in both the tsx (source) and the built (dist/main.js) runs. Keep it that way when moving files.
export const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const REPO_ROOT = join(SERVER_ROOT, '..');
export const MIGRATIONS_DIR = join(SERVER_ROOT, 'drizzle');
/** V8's compiled code of the server bundle, kept beside it between starts (main.ts). */
export const COMPILE_CACHE_DIR = join(SERVER_ROOT, 'dist', '.compile-cache');
export const DEFAULT_DATA_DIR = join(REPO_ROOT, '.data');
export const DEFAULT_WEB_DIST_DIR = join(REPO_ROOT, 'web', 'dist');
