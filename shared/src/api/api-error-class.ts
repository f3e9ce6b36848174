/**
 * An API failure with the HTTP status and the server's error code and message. Kept apart from the parsing (zod)
 * so a page that only rethrows failures, like the extension popup, does not load zod.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** The parsed failure body, for endpoints whose failures carry more (transcription's estimatedDuration). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
