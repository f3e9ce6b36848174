import { AppError } from './errors.ts';

/**
 * The one access check for an object a request names by id: it must exist and belong to the caller, else 404
 * with `notFoundText`. Another founder's id answers exactly like a missing one, so ids reveal nothing.
 * (A `{userId}` in a path is checked by ownParam in auth.ts: 403, since the caller named a user, not an object.)
 */
export function requireOwned<T extends { userId: string }>(
  row: T | null | undefined,
  userId: string,
  notFoundText: string,
): T {
  if (!row || row.userId !== userId) throw new AppError('not_found', notFoundText);
  return row;
}
