/**
 * What the definitions under `extensionScorecard` (campaigns, saved filters) share:
 * an object with known fields only, and an id of lower-case letters, digits and
 * dashes. Each check throws the error `refuse` makes, naming where the definition is.
 */

/** Ids of configured campaigns and saved filters. */
const ID = /^[a-z0-9][a-z0-9-]{0,99}$/;

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The definition as an object holding no field but `known`, with a valid `id`. */
export function definitionObject(
  value: unknown,
  known: readonly string[],
  refuse: (why: string) => Error,
): Record<string, unknown> & { id: string } {
  if (!isObject(value)) throw refuse('expected an object');
  const extra = Object.keys(value).filter(key => !known.includes(key));
  if (extra.length) throw refuse(`unknown fields ${extra.join(', ')}`);
  const { id } = value;
  if (typeof id !== 'string' || !ID.test(id)) {
    throw refuse(
      'id must be lower-case letters, digits and dashes (at most 100)',
    );
  }
  return { ...value, id };
}
