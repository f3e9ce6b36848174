import type { Middleware } from 'koa';
import type { z } from 'zod';
import { AppError } from './errors.ts';

/** The first failing field of a zod error as "a.b.0" ('' for the whole value) with its message. */
function firstIssue(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  return { field: issue?.path.join('.') ?? '', message: issue?.message ?? 'Invalid input' };
}

/** Parses a value with a shared schema; a failure becomes 400 validation_failed naming the field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const { field, message } = firstIssue(result.error);
  throw new AppError('validation_failed', field ? `${field}: ${message}` : message, field || undefined);
}

type Source = 'body' | 'query' | 'params';

/**
 * Route middleware form of parseInput: validates ctx.request.body (or query/params) and stores the parsed
 * value in ctx.state.input. Handlers that want the static type call parseInput directly instead.
 */
export function validate(schema: z.ZodType, from: Source = 'body'): Middleware {
  return async (ctx, next) => {
    const value = from === 'body' ? ctx.request.body : from === 'query' ? ctx.query : (ctx as { params?: unknown }).params;
    ctx.state.input = parseInput(schema, value ?? {});
    await next();
  };
}
