import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {
  BackstageCredentials,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import {
  mockCredentials,
  mockErrorHandler,
  mockServices,
} from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import type { ReferenceData } from '@extension-scorecard/plugin-extension-scorecard-common';
import express from 'express';
import request from 'supertest';
import { readChecksConfig } from '../checks/config';
import { spec } from '../schema/openapi.generated';
import type { ScorecardStores } from '../store';
import { ScorecardAccess } from './access';
import { ReferenceDataService } from './referenceData';
import { createRouter, type RouterOptions } from './router';
import { ScorecardService } from './ScorecardService';

const READER = 'user:default/ana';
const NOBODY = 'user:default/eve';

/** Grants everything to everyone but eve, as the permission policy of router.test.ts. */
const permissions: PermissionsService = {
  async authorize(requests, { credentials }) {
    return requests.map(() => ({ result: decide(credentials) })) as any;
  },
  async authorizeConditional(requests, { credentials }) {
    return requests.map(() => ({ result: decide(credentials) })) as any;
  },
};

function decide(credentials: BackstageCredentials) {
  const user = (credentials.principal as { userEntityRef?: string })
    .userEntityRef;
  return user === NOBODY ? AuthorizeResult.DENY : AuthorizeResult.ALLOW;
}

/** The router with /checks and /reference-data over the given app-config. */
async function app(config: object) {
  const access = new ScorecardAccess({
    permissions,
    catalog: catalogServiceMock({ entities: [] }),
    auth: mockServices.auth(),
    knownComponentIds: async () => [],
  });
  const reads = new ScorecardService({
    // the two routes read no snapshot
    stores: {} as ScorecardStores,
    access,
    checks: () => [],
    clusters: () => [],
  });
  const checksConfig = readChecksConfig(new ConfigReader(config));
  const router = await createRouter({
    // the services of the other routes, which these requests never reach
    ...({} as Omit<RouterOptions, 'httpAuth' | 'reads' | 'referenceData'>),
    httpAuth: mockServices.httpAuth({
      defaultCredentials: mockCredentials.none(),
    }),
    reads,
    referenceData: new ReferenceDataService({ reads, checksConfig }),
  });
  return express().use(router).use(mockErrorHandler());
}

const as = (user: string) => mockCredentials.user.header(user);

type Schema = {
  $ref?: string;
  type?: string | readonly string[];
  properties?: Record<string, Schema>;
  required?: readonly string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: readonly Schema[];
  enum?: readonly unknown[];
};

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

/** Where `value` breaks the spec's schema (types, enums, required and extra keys). */
function schemaProblems(value: unknown, schema: Schema, at = ''): string[] {
  if (schema.$ref) {
    const name = schema.$ref.split('/').at(-1)!;
    return schemaProblems(
      value,
      (spec.components.schemas as Record<string, Schema>)[name],
      at,
    );
  }
  if (schema.anyOf) {
    return schema.anyOf.some(s => !schemaProblems(value, s, at).length)
      ? []
      : [`${at}: matches no alternative`];
  }
  const types = [schema.type ?? []].flat();
  const typeOf = jsonType(value);
  if (
    types.length &&
    !types.includes(typeOf) &&
    !(typeOf === 'integer' && types.includes('number'))
  ) {
    return [`${at}: ${typeOf} is not ${types.join(' or ')}`];
  }
  if (schema.enum && !schema.enum.includes(value))
    return [`${at}: not in enum`];
  if (typeOf === 'array') {
    return (value as unknown[]).flatMap((v, i) =>
      schemaProblems(v, schema.items ?? {}, `${at}[${i}]`),
    );
  }
  if (typeOf !== 'object') return [];
  const object = value as Record<string, unknown>;
  const problems = (schema.required ?? [])
    .filter(key => !(key in object))
    .map(key => `${at}.${key}: missing`);
  for (const [key, v] of Object.entries(object)) {
    const property = schema.properties?.[key];
    if (property) problems.push(...schemaProblems(v, property, `${at}.${key}`));
    else if (typeof schema.additionalProperties === 'object') {
      problems.push(
        ...schemaProblems(v, schema.additionalProperties, `${at}.${key}`),
      );
    } else if (schema.additionalProperties === false) {
      problems.push(`${at}.${key}: not in the schema`);
    }
  }
  return problems;
}

const RESPONSE_SCHEMA: Schema = {
  $ref: spec.paths['/reference-data'].get.responses['200'].content[
    'application/json'
  ].schema.$ref,
};

describe('GET /reference-data', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scorecard-reference-api-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('shows the shipped tables with their sources when nothing is overridden', async () => {
    const response = await request(await app({}))
      .get('/reference-data')
      .set('Authorization', as(READER));
    expect(response.status).toBe(200);
    expect(schemaProblems(response.body, RESPONSE_SCHEMA)).toEqual([]);
    expect(
      schemaProblems(
        { ...response.body, tables: [{ table: 'nope' }], extra: 1 },
        RESPONSE_SCHEMA,
      ),
    ).toEqual([
      '.tables[0].file: missing',
      '.tables[0].rows: missing',
      '.tables[0].shippedRows: missing',
      '.tables[0].overriddenRows: missing',
      '.tables[0].addedRows: missing',
      '.tables[0].removedRows: missing',
      '.tables[0].overrideFile: missing',
      '.tables[0].table: not in enum',
      '.extra: not in the schema',
    ]);
    const body = response.body as ReferenceData;
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.overrideDirectory).toBeNull();
    expect(body.tables.map(t => t.table)).toEqual([
      'deprecated-apis',
      'csi-sidecars',
      'dra-versions',
      'version-skew',
      'thresholds',
      'experiment-scenarios',
      'failure-signals',
      'rbac-risks',
      'scoring',
    ]);
    expect(body.tables.every(t => t.overrideFile === null)).toBe(true);
    expect(body.deprecatedApis).toContainEqual(
      expect.objectContaining({
        key: 'batch/v1beta1 [CronJob]',
        removedIn: '1.25',
        source:
          'https://kubernetes.io/docs/reference/using-api/deprecation-guide/#cronjob-v125',
      }),
    );
    expect(body.csiSidecars.every(s => s.source)).toBe(true);
    expect(body.draVersions.every(v => v.source)).toBe(true);
    expect(body.versionSkew.source).toBe(
      'https://kubernetes.io/releases/version-skew-policy/',
    );
    expect(body.thresholds['webhook.timeout']).toEqual({
      passMaxSeconds: 5,
      warnMaxSeconds: 10,
    });
  });

  it('shows an overridden row, its provenance and the effective thresholds', async () => {
    fs.writeFileSync(
      path.join(dir, 'deprecated-apis.yaml'),
      `apis:
  - group: policy
    version: v1beta1
    kinds: [PodDisruptionBudget]
    product: kubernetes
    deprecatedIn: '1.21'
    removedIn: '1.26'
    replacement: policy/v1
    source: https://wiki.example.com/k8s/pdb
`,
    );
    fs.writeFileSync(
      path.join(dir, 'thresholds.yaml'),
      'cert.expiry:\n  warnDays: 45\n',
    );
    const response = await request(
      await app({
        extensionScorecard: {
          referenceData: { directory: dir },
          checks: { 'webhook.timeout': { passMaxSeconds: 3 } },
        },
      }),
    )
      .get('/reference-data')
      .set('Authorization', as(READER));
    expect(response.status).toBe(200);
    expect(schemaProblems(response.body, RESPONSE_SCHEMA)).toEqual([]);
    const body = response.body as ReferenceData;
    expect(body.overrideDirectory).toBe(path.resolve(dir));
    expect(
      body.deprecatedApis.find(
        r => r.key === 'policy/v1beta1 [PodDisruptionBudget]',
      ),
    ).toMatchObject({
      removedIn: '1.26',
      source: 'https://wiki.example.com/k8s/pdb',
    });
    expect(body.tables.find(t => t.table === 'deprecated-apis')).toMatchObject({
      file: 'deprecated-apis.yaml',
      overriddenRows: 1,
      addedRows: 0,
      removedRows: 0,
      overrideFile: path.join(path.resolve(dir), 'deprecated-apis.yaml'),
    });
    expect(body.tables.find(t => t.table === 'thresholds')).toMatchObject({
      overriddenRows: 1,
    });
    // shipped table, then the override directory, then app-config
    expect(body.thresholds['cert.expiry']).toEqual({
      failDays: 7,
      warnDays: 45,
    });
    expect(body.thresholds['webhook.timeout']).toEqual({
      passMaxSeconds: 3,
      warnMaxSeconds: 10,
    });
  });

  it('asks for the permission GET /checks asks for', async () => {
    const server = await app({});
    for (const route of ['/checks', '/reference-data']) {
      expect((await request(server).get(route)).status).toBe(401);
      expect(
        (await request(server).get(route).set('Authorization', as(NOBODY)))
          .status,
      ).toBe(403);
    }
  });
});
