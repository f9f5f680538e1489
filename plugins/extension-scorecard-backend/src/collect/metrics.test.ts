import fs from 'node:fs';
import path from 'node:path';
import {
  apiServerMetricsFromText,
  DEPRECATED_APIS_METRIC,
  parseDeprecatedApiRequests,
} from './metrics';

const FIXTURE = fs.readFileSync(
  path.join(__dirname, '__fixtures__/apiserver-metrics.txt'),
  'utf8',
);

const HEADER = `# HELP ${DEPRECATED_APIS_METRIC} [STABLE] Gauge of deprecated APIs that have been requested, broken out by API group, version, resource, subresource, and removed_release.
# TYPE ${DEPRECATED_APIS_METRIC} gauge
`;

describe('parseDeprecatedApiRequests', () => {
  it('reads the deprecated API series of a kube-apiserver body and nothing else', () => {
    expect(parseDeprecatedApiRequests(FIXTURE)).toEqual({
      requests: [
        {
          group: 'autoscaling',
          version: 'v2beta2',
          resource: 'horizontalpodautoscalers',
          subresource: '',
          removedRelease: '1.26',
        },
        {
          group: 'flowcontrol.apiserver.k8s.io',
          version: 'v1beta3',
          resource: 'flowschemas',
          subresource: '',
          removedRelease: '1.32',
        },
        // a deprecated CRD version: no removal announced
        {
          group: 'kyverno.io',
          version: 'v1beta1',
          resource: 'updaterequests',
          subresource: '',
          removedRelease: '',
        },
        {
          group: 'policy',
          version: 'v1beta1',
          resource: 'poddisruptionbudgets',
          subresource: '',
          removedRelease: '1.25',
        },
      ],
      problems: [],
    });
  });

  it('takes labels in any order, with escapes, blanks, a trailing comma and a timestamp', () => {
    const text = `${HEADER}${DEPRECATED_APIS_METRIC}{version="v1beta1",resource="widgets",removed_release="1.40",subresource="status",group="example.com"} 1 1732459622000
${DEPRECATED_APIS_METRIC} { group = "quoted\\"group\\\\x" , version="v1\\nbeta", resource="r",} 1e+00\r
  ${DEPRECATED_APIS_METRIC}{group="",version="v1",resource="componentstatuses",subresource="",removed_release=""} +Inf
`;
    expect(parseDeprecatedApiRequests(text)).toEqual({
      requests: [
        {
          group: 'example.com',
          version: 'v1beta1',
          resource: 'widgets',
          subresource: 'status',
          removedRelease: '1.40',
        },
        {
          group: 'quoted"group\\x',
          version: 'v1\nbeta',
          resource: 'r',
          subresource: '',
          removedRelease: '',
        },
        {
          group: '',
          version: 'v1',
          resource: 'componentstatuses',
          subresource: '',
          removedRelease: '',
        },
      ],
      problems: [],
    });
  });

  it('leaves out series at 0, duplicates, and families whose name only starts the same', () => {
    const text = `${HEADER}${DEPRECATED_APIS_METRIC}{group="policy",removed_release="1.25",resource="podsecuritypolicies",subresource="",version="v1beta1"} 0
${DEPRECATED_APIS_METRIC}{group="policy",removed_release="1.25",resource="poddisruptionbudgets",subresource="",version="v1beta1"} 1
${DEPRECATED_APIS_METRIC}{group="policy",removed_release="1.25",resource="poddisruptionbudgets",subresource="",version="v1beta1"} 1
${DEPRECATED_APIS_METRIC}{group="batch",removed_release="1.25",resource="cronjobs",subresource="",version="v1beta1"} NaN
${DEPRECATED_APIS_METRIC}_total{group="apps",resource="deployments",version="v1beta1"} 4
my_${DEPRECATED_APIS_METRIC}{group="apps",resource="daemonsets",version="v1beta1"} 1
# a comment naming ${DEPRECATED_APIS_METRIC}{group="apps",resource="replicasets",version="v1beta1"} 1
`;
    const { requests, problems } = parseDeprecatedApiRequests(text);
    expect(problems).toEqual([]);
    expect(requests.map(r => `${r.group}/${r.version}/${r.resource}`)).toEqual([
      'policy/v1beta1/poddisruptionbudgets',
    ]);
  });

  it('names the lines of malformed series and keeps the good ones', () => {
    const text = `${HEADER}${DEPRECATED_APIS_METRIC}{group="policy",version="v1beta1",resource="poddisruptionbudgets"} 1
${DEPRECATED_APIS_METRIC}{group="apps",version="v1beta1",resource="deployments} 1
${DEPRECATED_APIS_METRIC}{group="apps",version="v1beta1",resource="daemonsets"} one
${DEPRECATED_APIS_METRIC}{group="apps",resource="statefulsets"} 1
${DEPRECATED_APIS_METRIC}{group="a\\tb",version="v1",resource="x"} 1
${DEPRECATED_APIS_METRIC}{group="apps",group="apps",version="v1",resource="x"} 1
`;
    const { requests, problems } = parseDeprecatedApiRequests(text);
    expect(requests.map(r => r.resource)).toEqual(['poddisruptionbudgets']);
    expect(problems).toEqual([
      'line 4: unterminated value of label resource',
      'line 5: bad value "one"',
      'line 6: series without version or resource',
      '2 more malformed series',
    ]);
  });

  it('says so when the body is not the text format, or empty', () => {
    expect(
      parseDeprecatedApiRequests('<html><body>login</body></html>'),
    ).toEqual({
      requests: [],
      problems: [
        'not the Prometheus text format (first line: "<html><body>login</body></html>")',
      ],
    });
    expect(parseDeprecatedApiRequests('\n  \n').problems).toEqual([
      'empty body, no metrics',
    ]);
    // a server that saw no deprecated request has no series at all: fine
    expect(
      parseDeprecatedApiRequests('process_start_time_seconds 1.7e+09\n'),
    ).toEqual({ requests: [], problems: [] });
  });

  it('reads a multi-megabyte body quickly', () => {
    const filler = Array.from(
      { length: 60_000 },
      (_, i) =>
        `apiserver_request_total{code="200",component="apiserver",dry_run="",group="",resource="r${i}",scope="cluster",subresource="",verb="LIST",version="v1"} ${i}`,
    ).join('\n');
    const text = `${filler}\n${FIXTURE}${filler}\n`;
    expect(text.length).toBeGreaterThan(10_000_000);
    const started = Date.now();
    const { requests } = parseDeprecatedApiRequests(text);
    expect(requests).toHaveLength(4);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('apiServerMetricsFromText', () => {
  it('is ok with the series when the body reads', () => {
    const metrics = apiServerMetricsFromText(FIXTURE, '/metrics');
    expect(metrics.status).toEqual({ state: 'ok' });
    expect(metrics.deprecatedApiRequests).toHaveLength(4);
  });

  it('is failed, naming the source, when it does not', () => {
    expect(apiServerMetricsFromText('', 'metrics.txt')).toEqual({
      status: {
        state: 'failed',
        reason: 'metrics.txt: empty body, no metrics',
      },
      deprecatedApiRequests: [],
    });
  });
});
