import type { IncomingMessage } from 'node:http';
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

const tooLarge = (limit: number) => new AppError('payload_too_large', `Request body is larger than ${limit} bytes`);

async function readCapped(req: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Left open when the loop stops early: destroying an unfinished request resets the client's connection, and the
  // refusal is read by the client only once the rest of the body was drained (refused-body.ts).
  for await (const chunk of req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Why a parsed JSON value is refused, or null: nesting deeper than AUTH.maxJsonDepth (no route takes that; a
 * recursive walk of it would overflow the stack) or a NUL in any string, key or value (PostgreSQL stores no NUL in
 * text or jsonb). Walks iteratively, so no input can exhaust the stack here.
 */
function refusal(root: unknown): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value: root, depth: 0 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, depth } = item;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return 'Text must not contain NUL characters (\\u0000)';
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (depth >= AUTH.maxJsonDepth) return `JSON is nested deeper than ${AUTH.maxJsonDepth} levels`;
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) return 'Text must not contain NUL characters (\\u0000)';
      stack.push({ value: child, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * Parses JSON request bodies with a size cap. Koa 3 has no body parser and koa-bodyparser's error shapes do
 * not match ours, so this is the one place: too large → 413, malformed → 400, both as AppErrors that each
 * router's error boundary renders in its own format. Other content types are left unread for their routes.
 */
export function jsonBody(limit: number = AUTH.maxJsonBodyBytes): Middleware {
  return async (ctx, next) => {
    if (!WITH_BODY.has(ctx.method) || ctx.request.body !== undefined) return next();
    // Refused unparsed: what the client still sends is drained, within a bound, by drainRefusedBody.
    if (Number(ctx.get('content-length') || 0) > limit) throw tooLarge(limit);
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
      const refused = refusal(ctx.request.body);
      if (refused) throw new AppError('bad_request', refused);
    }
    return next();
  };
}
