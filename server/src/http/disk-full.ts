import { DrizzleQueryError } from 'drizzle-orm';
import type { StorePart } from '@cofounder/shared';

/** PostgreSQL's SQLSTATE for a write refused for lack of space (PGlite reports it the same way). */
const PG_DISK_FULL = '53100';
/** The system's errors for a write past the free space or the user's quota. */
const FS_DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);

/** The error and every `cause` under it (drizzle wraps the driver's error in its own). */
function* chain(err: unknown): Generator<unknown> {
  for (let depth = 0; err != null && depth < 8; depth++) {
    yield err;
    err = (err as { cause?: unknown }).cause;
  }
}

const codeOf = (err: unknown) => (typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined);

/**
 * Which part of the store refused a write because the disk is full, or null when `err` is anything else: the
 * database (its disk-full SQLSTATE, or the system's error under a query), or the files in the data folder.
 */
export function diskFullPart(err: unknown): StorePart | null {
  const errors = [...chain(err)];
  const codes = errors.map(codeOf);
  if (codes.includes(PG_DISK_FULL)) return 'database';
  if (!codes.some((code) => typeof code === 'string' && FS_DISK_FULL.has(code))) return null;
  return errors.some((e) => e instanceof DrizzleQueryError) ? 'database' : 'files';
}
