import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StorePart } from '@cofounder/shared';
import { diskFullPart } from '../../http/disk-full.ts';

/**
 * How long a database write refused for lack of space keeps the database reported as failing. Its disk may be
 * another machine's, so only the refusals say it is full; the files are tried on every health check instead.
 */
export const DATABASE_DISK_FULL_REPORTED_MS = 60_000;

/** The file each health check writes and removes in the data folder, to see that the disk still takes writes. */
export const WRITE_PROBE_FILE = '.write-probe';

/** What /api/health says of each failing part (public: no paths, no driver messages). */
const FAILURE_TEXT: Record<StorePart, string> = {
  files: "The data folder's disk is full: files cannot be written.",
  database: 'The database refused a write because its disk is full.',
};

export interface StoreFailure {
  part: StorePart;
  message: string;
}

/**
 * Whether the server's store takes writes: what GET /api/health reports, so a load balancer or an operator sees a
 * full disk instead of a healthy server answering every write with an error.
 */
export function createStoreHealth({ dataDir, now }: { dataDir: string; now: () => number }) {
  let databaseRefusedAt: number | null = null;

  async function filesFailure(): Promise<StoreFailure | null> {
    const probe = join(dataDir, WRITE_PROBE_FILE);
    try {
      await writeFile(probe, 'ok');
      await rm(probe, { force: true });
      return null;
    } catch (err) {
      return diskFullPart(err) ? { part: 'files', message: FAILURE_TEXT.files } : null;
    }
  }

  return {
    /** A write the database refused for lack of space. */
    databaseDiskFull(): void {
      databaseRefusedAt = now();
    },
    /** The parts refusing writes right now (empty: the store is healthy). */
    async failing(): Promise<StoreFailure[]> {
      const failures: StoreFailure[] = [];
      const files = await filesFailure();
      if (files) failures.push(files);
      if (databaseRefusedAt !== null && now() - databaseRefusedAt < DATABASE_DISK_FULL_REPORTED_MS) {
        failures.push({ part: 'database', message: FAILURE_TEXT.database });
      }
      return failures;
    },
  };
}

export type StoreHealth = ReturnType<typeof createStoreHealth>;
