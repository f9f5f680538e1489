/**
 * Text the database cannot store as sent: NUL characters (PostgreSQL refuses them in
 * text columns, which surfaced as a 500) and unpaired UTF-16 surrogates (stored as
 * U+FFFD, so what is read back differs from what was sent). Requests carrying such
 * text anywhere (URL, query, JSON body keys or values) are refused with a 400 before
 * any handler runs.
 */
import { InputError } from '@backstage/errors';
import express from 'express';

function unstorable(text: string): boolean {
  return text.includes('\u0000') || !text.isWellFormed();
}

/** Where in `value` unstorable text is, as a path (`body.observations.key`). */
function findUnstorable(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return unstorable(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorable(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (unstorable(key)) return `a key of ${path}`;
      const found = findUnstorable(item, `${path}.${key}`);
      if (found) return found;
    }
  }
  return undefined;
}

/** Refuses requests whose URL or JSON body holds text that cannot be stored as sent. */
export const refuseUnstorableText: express.RequestHandler = (
  req,
  _res,
  next,
) => {
  let url: string;
  try {
    url = decodeURIComponent(req.url);
  } catch {
    next(new InputError('The request URL is not valid percent-encoded UTF-8'));
    return;
  }
  const where = unstorable(url) ? 'the URL' : findUnstorable(req.body, 'body');
  next(
    where
      ? new InputError(
          `${where} contains a NUL character or an unpaired surrogate, which cannot be stored`,
        )
      : undefined,
  );
};
