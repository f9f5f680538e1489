/**
 * Integer query and path parameters, checked as they were written.
 *
 * The OpenAPI validator (express-openapi-validator under
 * createValidatedOpenApiRouter) always coerces parameters with Ajv's `coerceTypes`,
 * which turns any string `s` with `s == +s` into `+s`: `Infinity`, `1e309`,
 * `-Infinity`, `1.0`, `1e2`, ` 5` and `0x10` all become numbers. Ajv's `integer`
 * type check is skipped once coerced, and with `strictNumbers` its `minimum` and
 * `maximum` apply to finite numbers only, so `limit=Infinity` passed and returned
 * every row (`"limit": null` in the page). This middleware runs before the validator
 * and accepts an integer parameter only as a plain decimal literal, `0` or
 * `-?[1-9][0-9]*` (no sign on zero, no leading zeros, spaces, exponent, fraction or
 * hex), within the spec's `minimum`/`maximum` (and safe-integer range); anything else
 * is a 400 naming the parameter.
 */
import { InputError } from '@backstage/errors';
import express from 'express';

/** The parts of an OpenAPI document this reads. */
interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
  components?: { parameters?: Record<string, unknown> };
}

interface IntegerParameter {
  name: string;
  in: 'query' | 'path';
  minimum: number;
  maximum: number;
}

interface Operation {
  method: string;
  pattern: RegExp;
  /** Names of the path template's parameters, in order. */
  pathNames: string[];
  integers: IntegerParameter[];
}

/** How an integer parameter must be written. */
const DECIMAL_INTEGER = /^(?:0|-?[1-9][0-9]*)$/;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

function resolve(document: OpenApiDocument, parameter: any): any {
  const ref: unknown = parameter?.$ref;
  if (typeof ref !== 'string') return parameter;
  const name = ref.replace(/^#\/components\/parameters\//, '');
  return document.components?.parameters?.[name];
}

/** Every operation of `document` with its integer query and path parameters. */
export function integerParametersOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    const pathNames: string[] = [];
    const pattern = new RegExp(
      `^${template
        .split(/\{([^}]+)\}/)
        .map((part, i) => {
          if (i % 2 === 0) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
          pathNames.push(part);
          return '([^/]+)';
        })
        .join('')}/?$`,
    );
    const shared = (item.parameters as unknown[] | undefined) ?? [];
    for (const method of METHODS) {
      const operation = item[method] as { parameters?: unknown[] } | undefined;
      if (!operation) continue;
      const integers = [...shared, ...(operation.parameters ?? [])]
        .map(p => resolve(document, p))
        .filter(
          p => (p?.in === 'query' || p?.in === 'path') && isInteger(p.schema),
        )
        .map(p => ({
          name: p.name as string,
          in: p.in as 'query' | 'path',
          minimum: p.schema.minimum ?? Number.MIN_SAFE_INTEGER,
          maximum: p.schema.maximum ?? Number.MAX_SAFE_INTEGER,
        }));
      operations.push({ method, pattern, pathNames, integers });
    }
  }
  return operations;
}

function isInteger(schema: any): boolean {
  const type = schema?.type;
  return (
    type === 'integer' || (Array.isArray(type) && type.includes('integer'))
  );
}

/** Why `raw` is not an acceptable value of `parameter`, or undefined. */
export function integerProblem(
  parameter: IntegerParameter,
  raw: string,
): string | undefined {
  const value = Number(raw);
  if (
    DECIMAL_INTEGER.test(raw) &&
    Number.isSafeInteger(value) &&
    value >= parameter.minimum &&
    value <= parameter.maximum
  ) {
    return undefined;
  }
  const place = parameter.in === 'query' ? 'Query' : 'Path';
  const shown = raw.length > 40 ? `${raw.slice(0, 40)}…` : raw;
  const range =
    parameter.maximum === Number.MAX_SAFE_INTEGER
      ? `of at least ${parameter.minimum}`
      : `from ${parameter.minimum} to ${parameter.maximum}`;
  return `${place} parameter '${
    parameter.name
  }' must be a whole number ${range} in plain decimal digits; got ${JSON.stringify(
    shown,
  )}`;
}

/**
 * Refuses requests whose integer parameters (from `document`) are not plain decimal
 * integers within their bounds. Requests matching no operation pass through.
 */
export function strictIntegerParameters(
  document: OpenApiDocument,
): express.RequestHandler {
  const operations = integerParametersOf(document).filter(
    o => o.integers.length,
  );
  return (req, _res, next) => {
    const method = req.method.toLowerCase();
    const operation = operations.find(
      o => o.method === method && o.pattern.test(req.path),
    );
    if (!operation) {
      next();
      return;
    }
    const query = req.url.includes('?')
      ? new URLSearchParams(req.url.slice(req.url.indexOf('?') + 1))
      : new URLSearchParams();
    const segments = operation.pattern.exec(req.path)!.slice(1);
    for (const parameter of operation.integers) {
      const raws =
        parameter.in === 'path'
          ? [segments[operation.pathNames.indexOf(parameter.name)]]
              .filter(s => s !== undefined)
              .map(s => {
                try {
                  return decodeURIComponent(s);
                } catch {
                  return s;
                }
              })
          : [...query.entries()]
              // `limit[]=5` and `limit[0]=5` are read as `limit` too
              .filter(([key]) => key.replace(/\[.*$/, '') === parameter.name)
              .map(([, value]) => value);
      for (const raw of raws) {
        const problem = integerProblem(parameter, raw);
        if (problem) {
          next(new InputError(problem));
          return;
        }
      }
    }
    next();
  };
}
