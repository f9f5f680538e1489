/**
 * Text the database cannot store as sent: NUL characters (PostgreSQL refuses them in
 * text columns, which surfaced as a 500) and unpaired UTF-16 surrogates (stored as
 * U+FFFD, so what is read back differs from what was sent). Requests carrying such
 * text anywhere (URL, query, JSON body keys or values) are refused with a 400 before
 * any handler runs.
 *
 * The same scan refuses bodies nested deeper than {@link MAX_BODY_DEPTH} arrays and
 * objects (before anything else walks the body: the OpenAPI validator and the
 * services recurse, and a 10 KiB body can nest 5,000 levels) and numbers JSON can
 * spell but not hold (`1e309` parses to Infinity, which would be stored as null).
 * The scan itself is iterative, so no body can exhaust the call stack.
 */
import { InputError } from '@backstage/errors';
import express from 'express';

function unstorable(text: string): boolean {
  return text.includes('\u0000') || !text.isWellFormed();
}

/**
 * Deepest nesting of arrays and objects accepted in a request body: the body itself
 * is level 1, so `{"observations": {"a": [1]}}` has 3 levels. Deeper bodies are
 * refused with a 400 naming this limit. Documented in the README.
 */
export const MAX_BODY_DEPTH = 32;

/**
 * Why `body` cannot be accepted as sent (a message for a 400), or undefined. Walks
 * the body depth-first with an explicit stack, in document order.
 */
export function unacceptableBody(body: unknown): string | undefined {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [
    { value: body, path: 'body', depth: 0 },
  ];
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (unstorable(value)) return unstorableMessage(path);
      continue;
    }
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) {
        return `${path} is a number too large to store (it reads as ${value})`;
      }
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) {
      return `The request body nests arrays and objects more than ${MAX_BODY_DEPTH} levels deep; at most ${MAX_BODY_DEPTH} levels are accepted`;
    }
    const children: Array<{ value: unknown; path: string; depth: number }> = [];
    if (Array.isArray(value)) {
      value.forEach((item, i) =>
        children.push({ value: item, path: `${path}[${i}]`, depth: depth + 1 }),
      );
    } else {
      for (const [key, item] of Object.entries(value)) {
        if (unstorable(key)) return unstorableMessage(`a key of ${path}`);
        children.push({
          value: item,
          path: `${path}.${key}`,
          depth: depth + 1,
        });
      }
    }
    // reversed, so that the first child is looked at first
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return undefined;
}

function unstorableMessage(where: string): string {
  return `${where} contains a NUL character or an unpaired surrogate, which cannot be stored`;
}

/**
 * Refuses requests whose URL or JSON body holds text that cannot be stored as sent,
 * or whose body nests too deep or holds a number too large to store.
 */
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
  const problem = unstorable(url)
    ? unstorableMessage('the URL')
    : unacceptableBody(req.body);
  next(problem ? new InputError(problem) : undefined);
};
