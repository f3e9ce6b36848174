import { MIN_TOKEN_LENGTH } from '../constants.ts';

/** A bearer token is usable when longer than 10 characters and not the text "undefined" or "null" (spec 1 §5). */
export function isUsableToken(token: string | null | undefined): token is string {
  return typeof token === 'string' && token.length >= MIN_TOKEN_LENGTH && token !== 'undefined' && token !== 'null';
}
