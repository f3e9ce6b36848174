import { randomUUID } from 'node:crypto';
import { open, rm, type FileHandle } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { AUDIO_HEAD_BYTES } from './audio-format.ts';

// A multipart audio upload streamed to a temp file: the server holds a few chunks at a time, never the
// recording, and stops reading the moment it grows past the cap.

export interface UploadedAudio {
  /** The temp file with the audio part's bytes (removed when the caller's callback settles). */
  path: string;
  bytes: number;
  /** The first bytes, for the format check. */
  head: Buffer;
  /** The text fields sent with it (language, prompt). */
  fields: Record<string, string>;
}

/** The audio part passed the cap; `bytesRead` is how much of it had arrived. */
export class UploadTooLargeError extends Error {
  override name = 'UploadTooLargeError';
  constructor(readonly bytesRead: number) {
    super('Audio upload is larger than the cap');
  }
}

/** Not a multipart body with an audio part. */
export class UploadMalformedError extends Error {
  override name = 'UploadMalformedError';
}

const FIELD_LIMITS = { fields: 8, fieldSize: 4096, parts: 10, files: 1 };

/** Copies the file part into `target`, keeping its first bytes; fails as soon as it passes `maxBytes`. */
async function saveCapped(file: Readable, target: FileHandle, maxBytes: number): Promise<{ bytes: number; head: Buffer }> {
  let bytes = 0;
  let head = Buffer.alloc(0);
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) return done(new UploadTooLargeError(bytes));
      if (head.length < AUDIO_HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, AUDIO_HEAD_BYTES - head.length)]);
      done(null, chunk);
    },
  });
  await pipeline(file, count, target.createWriteStream());
  return { bytes, head };
}

function receive(req: IncomingMessage, target: FileHandle, path: string, field: string, maxBytes: number): Promise<UploadedAudio> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // fileSize + 1 so that one byte past the cap is seen and refused, not silently truncated.
      parser = busboy({ headers: req.headers, limits: { ...FIELD_LIMITS, fileSize: maxBytes + 1 } });
    } catch {
      reject(new UploadMalformedError('Expected a multipart/form-data upload'));
      return;
    }
    const fields: Record<string, string> = {};
    let saved: Promise<{ bytes: number; head: Buffer }> | null = null;
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      // Stop parsing: the rest of the body is thrown away before the answer goes out (http/refused-body.ts).
      req.unpipe(parser);
      req.pause();
      reject(err);
    };
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream) => {
      if (name !== field || saved) {
        stream.resume();
        return;
      }
      saved = saveCapped(stream, target, maxBytes);
      saved.catch(fail);
    });
    parser.on('error', () => fail(new UploadMalformedError('The upload could not be read')));
    parser.on('close', () => {
      if (!saved) return fail(new UploadMalformedError(`Missing the "${field}" file`));
      saved.then((file) => {
        if (settled) return;
        settled = true;
        resolve({ path, fields, ...file });
      }, fail);
    });
    req.on('error', fail);
    // A client that goes away mid-upload: without this the upload would wait forever on its temp file.
    req.on('close', () => {
      if (!req.complete) fail(new UploadMalformedError('The upload was interrupted'));
    });
    req.pipe(parser);
  });
}

/**
 * Streams the multipart `field` to a temp file (at most `maxBytes`) and runs `use` on it; the file is
 * removed whatever happens. Throws UploadTooLargeError / UploadMalformedError before `use` runs.
 */
export async function withUploadedAudio<T>(
  req: IncomingMessage,
  opts: { field: string; maxBytes: number },
  use: (audio: UploadedAudio) => Promise<T>,
): Promise<T> {
  const path = join(tmpdir(), `cofounder-audio-${randomUUID()}`);
  // Created before any byte arrives, so the finally below removes it even if a write is still closing.
  const target = await open(path, 'wx', 0o600);
  try {
    return await use(await receive(req, target, path, opts.field, opts.maxBytes));
  } finally {
    await target.close().catch(() => undefined); // already closed by a finished write stream
    await rm(path, { force: true });
  }
}
