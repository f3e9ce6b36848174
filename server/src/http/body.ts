import type { Middleware } from 'koa';
import { AUTH } from '@cofounder/shared';
import { AppError } from './errors.ts';

declare module 'koa' {
  interface Request {
    /** The parsed JSON body ({} when empty); undefined for non-JSON content types. */
    body?: unknown;
    /** The exact body text, kept for signature checks (webhooks). */
    rawBody?: string;
  }
}

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

async function readCapped(stream: AsyncIterable<Buffer>, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > limit) throw new AppError('payload_too_large', `Request body is larger than ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Whether any string (value or key) in a parsed JSON value holds a NUL character. */
function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v));
  return false;
}

/**
 * Parses JSON request bodies with a size cap. Koa 3 has no body parser and koa-bodyparser's error shapes do
 * not match ours, so this is the one place: too large → 413, malformed → 400, both as AppErrors that each
 * router's error boundary renders in its own format. Other content types are left unread for their routes.
 */
export function jsonBody(limit: number = AUTH.maxJsonBodyBytes): Middleware {
  return async (ctx, next) => {
    if (!WITH_BODY.has(ctx.method) || ctx.request.body !== undefined) return next();
    const declared = Number(ctx.get('content-length') || 0);
    if (declared > limit) {
      // The client is still uploading; close afterwards rather than read what we refuse.
      ctx.set('Connection', 'close');
      throw new AppError('payload_too_large', `Request body is larger than ${limit} bytes`);
    }
    const type = ctx.get('content-type');
    if (type && !/^application\/([\w.+-]+\+)?json\b/i.test(type)) return next();
    const text = await readCapped(ctx.req, limit);
    ctx.request.rawBody = text;
    if (text.trim() === '') {
      ctx.request.body = {};
    } else {
      try {
        ctx.request.body = JSON.parse(text);
      } catch {
        throw new AppError('bad_request', 'Request body is not valid JSON');
      }
      // PostgreSQL stores no NUL in text or jsonb: refused here, it is a clear 400 instead of a failed query.
      if (hasNul(ctx.request.body)) throw new AppError('bad_request', 'Text must not contain NUL characters (\\u0000)');
    }
    return next();
  };
}
