/**
 * The YAML list files a configuration key names (`extensionScorecard.campaigns.initialFiles`,
 * `extensionScorecard.history.importFiles`): paths resolved from the working directory,
 * like the dump directories.
 */
import type { Config } from '@backstage/config';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';

/** One file's items, with its absolute path (for messages and relative paths in it). */
export interface YamlListFile {
  path: string;
  items: unknown[];
}

/**
 * Reads every file of the string list at `key`. Throws a message naming the file and
 * the key when a file cannot be read, is not YAML or does not hold a list of `what`.
 */
export async function readYamlListFiles(
  config: Config,
  key: string,
  what: string,
): Promise<YamlListFile[]> {
  const files: YamlListFile[] = [];
  for (const file of config.getOptionalStringArray(key) ?? []) {
    const resolved = path.resolve(file);
    let text: string;
    try {
      text = await readFile(resolved, 'utf8');
    } catch (error) {
      throw new Error(
        `Cannot read ${resolved} (${key}): ${(error as Error).message}`,
      );
    }
    let items: unknown;
    try {
      items = parse(text) ?? [];
    } catch (error) {
      throw new Error(`${resolved} is not YAML: ${(error as Error).message}`);
    }
    if (!Array.isArray(items)) {
      throw new Error(`${resolved} must hold a YAML list of ${what}`);
    }
    files.push({ path: resolved, items });
  }
  return files;
}
