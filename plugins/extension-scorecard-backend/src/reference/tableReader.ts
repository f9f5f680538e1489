/** Reading one YAML data file and validating its values, with errors naming the file and key. */
import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '@backstage/errors';
import semver from 'semver';
import { parse as parseYaml } from 'yaml';

/**
 * Reads one YAML file and reports problems with the file and key path. `file` may
 * depend on the key path: a table merged from the shipped file and an override
 * names the file each top-level key came from.
 */
export class TableReader {
  constructor(private readonly file: string | ((at: string) => string)) {}

  fail(at: string, problem: string): never {
    const file = typeof this.file === 'function' ? this.file(at) : this.file;
    throw new InputError(
      `Invalid reference data in ${file} at ${at || '(top level)'}: ${problem}`,
    );
  }

  object(value: unknown, at: string): Record<string, unknown> {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      this.fail(at, `expected a mapping, got ${describe(value)}`);
    }
    return value as Record<string, unknown>;
  }

  array(value: unknown, at: string): unknown[] {
    if (!Array.isArray(value)) {
      this.fail(at, `expected a list, got ${describe(value)}`);
    }
    return value;
  }

  string(value: unknown, at: string): string {
    if (typeof value !== 'string') {
      this.fail(at, `expected a string, got ${describe(value)}`);
    }
    return value;
  }

  optionalString(value: unknown, at: string): string | undefined {
    return value === undefined ? undefined : this.string(value, at);
  }

  number(value: unknown, at: string): number {
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      this.fail(at, `expected a number, got ${describe(value)}`);
    }
    return value;
  }

  boolean(value: unknown, at: string): boolean {
    if (typeof value !== 'boolean') {
      this.fail(at, `expected true or false, got ${describe(value)}`);
    }
    return value;
  }

  strings(value: unknown, at: string): string[] {
    return this.array(value, at).map((v, i) => this.string(v, `${at}[${i}]`));
  }

  /** A Kubernetes minor release such as `1.22`. */
  release(value: unknown, at: string): string {
    const text = this.string(value, at);
    if (!/^\d+\.\d+$/.test(text)) {
      this.fail(at, `expected a release like '1.22', got '${text}'`);
    }
    return text;
  }

  range(value: unknown, at: string): string {
    const text = this.string(value, at);
    if (semver.validRange(text) === null) {
      this.fail(at, `'${text}' is not a semver range`);
    }
    return text;
  }
}

/** The top-level key of a key path: `kubelet` of `kubelet.olderKubelets.below`. */
export function topLevelKey(at: string): string {
  return at.split(/[.[]/)[0];
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'string' ? `'${value}'` : typeof value;
}

export function readYaml(directory: string, file: string): unknown {
  const full = path.join(directory, file);
  let text: string;
  try {
    text = fs.readFileSync(full, 'utf8');
  } catch (error) {
    throw new InputError(
      `Cannot read reference data ${full}: ${(error as Error).message}`,
    );
  }
  try {
    return parseYaml(text);
  } catch (error) {
    throw new InputError(
      `Reference data ${full} is not valid YAML: ${(error as Error).message}`,
    );
  }
}
