/**
 * The API server's own metrics, from the Prometheus text exposition format (version
 * 0.0.4: what `GET /metrics` and `kubectl get --raw /metrics` return).
 *
 * Only one family is read: the `apiserver_requested_deprecated_apis` gauge (STABLE), one
 * series set to 1 per deprecated group/version/resource(/subresource) some client
 * requested since that API server instance started, labelled `group`, `version`,
 * `resource`, `subresource` and `removed_release` (empty when no removal is announced,
 * e.g. a CRD version marked deprecated).
 *
 * A kube-apiserver's body is several megabytes: only the lines that start with the
 * metric's name are parsed; everything else (other families, HELP and TYPE lines) is
 * skipped with `indexOf`, never split into lines. No Prometheus parser package is a
 * dependency: prom-client only writes the format.
 */
import type {
  ApiServerMetrics,
  DeprecatedApiRequest,
  ReadStatus,
} from './types';

/** The gauge read. @public */
export const DEPRECATED_APIS_METRIC = 'apiserver_requested_deprecated_apis';

/** At most this many malformed series are named in a reason. */
const MAX_PROBLEMS = 3;

/** What one exposition body says about deprecated API requests. */
export interface DeprecatedApiParse {
  /** The series with a value above 0, without duplicates, in the order found. */
  requests: DeprecatedApiRequest[];
  /** Why the body or some series of the metric could not be read (empty when all could). */
  problems: string[];
}

/**
 * Reads the `apiserver_requested_deprecated_apis` series of a Prometheus text body.
 * Series whose value is 0 (or not a number above 0) are left out. Never throws.
 */
export function parseDeprecatedApiRequests(text: string): DeprecatedApiParse {
  const problems: string[] = [];
  const formatProblem = notExpositionFormat(text);
  if (formatProblem) return { requests: [], problems: [formatProblem] };

  const requests: DeprecatedApiRequest[] = [];
  const seen = new Set<string>();
  let malformed = 0;
  let from = 0;
  for (;;) {
    const at = text.indexOf(DEPRECATED_APIS_METRIC, from);
    if (at < 0) break;
    let end = text.indexOf('\n', at);
    if (end < 0) end = text.length;
    from = end;
    if (!atLineStart(text, at)) continue; // HELP/TYPE lines, or a longer name's suffix
    const line = text.slice(at + DEPRECATED_APIS_METRIC.length, end);
    const sample = parseSample(line.endsWith('\r') ? line.slice(0, -1) : line);
    if (sample === undefined) continue; // another family whose name starts the same
    if (typeof sample === 'string') {
      malformed += 1;
      if (problems.length < MAX_PROBLEMS)
        problems.push(`line ${lineNumber(text, at)}: ${sample}`);
      continue;
    }
    if (!(sample.value > 0)) continue;
    const request = toRequest(sample.labels);
    if (typeof request === 'string') {
      malformed += 1;
      if (problems.length < MAX_PROBLEMS)
        problems.push(`line ${lineNumber(text, at)}: ${request}`);
      continue;
    }
    const key = [
      request.group,
      request.version,
      request.resource,
      request.subresource,
    ].join('\u0000');
    if (seen.has(key)) continue;
    seen.add(key);
    requests.push(request);
  }
  if (malformed > problems.length) {
    problems.push(`${malformed - problems.length} more malformed series`);
  }
  return { requests, problems };
}

/**
 * The ApiServerMetrics of a `/metrics` body read successfully: `ok` with the series, or
 * `failed` naming `source` when the body is not the text format or a series of the
 * metric is malformed (the series that could be read are kept).
 */
export function apiServerMetricsFromText(
  text: string,
  source: string,
): ApiServerMetrics {
  const { requests, problems } = parseDeprecatedApiRequests(text);
  const status: ReadStatus =
    problems.length === 0
      ? { state: 'ok' }
      : { state: 'failed', reason: `${source}: ${problems.join('; ')}` };
  return { status, deprecatedApiRequests: requests };
}

/** Why a body is not Prometheus text at all (empty, HTML, JSON), or undefined. */
function notExpositionFormat(text: string): string | undefined {
  const match = /\S[^\n]*/.exec(text);
  if (!match) return 'empty body, no metrics';
  const first = match[0].trimEnd();
  if (first.startsWith('#')) return undefined;
  // else the first line must be a whole sample: `name{labels} value`
  const name = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(first)?.[0];
  if (name && typeof parseSample(first.slice(name.length)) === 'object')
    return undefined;
  const shown = first.length > 60 ? `${first.slice(0, 60)}…` : first;
  return `not the Prometheus text format (first line: ${JSON.stringify(
    shown,
  )})`;
}

/** True when only blanks stand between the start of the line and `at`. */
function atLineStart(text: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && (text[i] === ' ' || text[i] === '\t')) i -= 1;
  return i < 0 || text[i] === '\n';
}

function lineNumber(text: string, at: number): number {
  let n = 1;
  for (
    let i = text.indexOf('\n');
    i >= 0 && i < at;
    i = text.indexOf('\n', i + 1)
  )
    n += 1;
  return n;
}

/**
 * One sample line after the metric name: `{labels} value [timestamp]` or ` value
 * [timestamp]` (blanks may stand between the name and `{`). Undefined when the name
 * goes on (another family), a string saying what is wrong when the line is malformed.
 */
function parseSample(
  rest: string,
): { labels: Map<string, string>; value: number } | string | undefined {
  const labels = new Map<string, string>();
  let i = 0;
  const blank = () => {
    while (rest[i] === ' ' || rest[i] === '\t') i += 1;
  };
  if (rest[i] !== '{' && rest[i] !== ' ' && rest[i] !== '\t') {
    return undefined; // e.g. apiserver_requested_deprecated_apis_total: not this family
  }
  blank();
  if (rest[i] === '{') {
    i += 1;
    for (;;) {
      blank();
      if (rest[i] === '}') {
        i += 1;
        break;
      }
      const name = /^[a-zA-Z_][a-zA-Z0-9_]*/.exec(rest.slice(i))?.[0];
      if (!name) return `bad label name at column ${i + 1}`;
      i += name.length;
      blank();
      if (rest[i] !== '=') return `expected = after label ${name}`;
      i += 1;
      blank();
      if (rest[i] !== '"') return `expected a quoted value for label ${name}`;
      i += 1;
      let value = '';
      for (;;) {
        const c = rest[i];
        if (c === undefined) return `unterminated value of label ${name}`;
        i += 1;
        if (c === '"') break;
        if (c !== '\\') {
          value += c;
          continue;
        }
        const escaped = rest[i];
        i += 1;
        if (escaped === '\\') value += '\\';
        else if (escaped === '"') value += '"';
        else if (escaped === 'n') value += '\n';
        else return `invalid escape \\${escaped ?? ''} in label ${name}`;
      }
      if (labels.has(name)) return `label ${name} given twice`;
      labels.set(name, value);
      blank();
      if (rest[i] === ',') {
        i += 1;
        continue;
      }
      if (rest[i] === '}') {
        i += 1;
        break;
      }
      return `expected , or } after label ${name}`;
    }
  }
  const tokens = rest
    .slice(i)
    .trim()
    .split(/[ \t]+/);
  if (tokens.length < 1 || tokens.length > 2 || !tokens[0]) {
    return 'expected a value (and an optional timestamp) after the labels';
  }
  const value = parseValue(tokens[0]);
  if (value === undefined) return `bad value ${JSON.stringify(tokens[0])}`;
  return { labels, value };
}

/** A sample value as Go's ParseFloat reads it (`1`, `1e+00`, `+Inf`, `NaN`). */
function parseValue(token: string): number | undefined {
  const lower = token.toLowerCase();
  if (lower === 'nan') return NaN;
  if (lower === '+inf' || lower === 'inf') return Infinity;
  if (lower === '-inf') return -Infinity;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(token)) return undefined;
  return Number(token);
}

function toRequest(labels: Map<string, string>): DeprecatedApiRequest | string {
  const version = labels.get('version') ?? '';
  const resource = labels.get('resource') ?? '';
  if (!version || !resource) return 'series without version or resource';
  return {
    group: labels.get('group') ?? '',
    version,
    resource,
    subresource: labels.get('subresource') ?? '',
    removedRelease: labels.get('removed_release') ?? '',
  };
}
