import { ResponseError } from '@backstage/errors';

/**
 * The message worth showing for a failed call: the backend's own error message
 * (e.g. "an open waiver already covers …") rather than "Request failed with 409".
 */
export function errorMessage(error: unknown): string {
  if (ResponseError.is(error)) {
    return error.body?.error?.message || error.cause?.message || error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
