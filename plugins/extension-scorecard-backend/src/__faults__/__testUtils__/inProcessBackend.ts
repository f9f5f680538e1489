/**
 * The real plugin (plugin.ts wiring, router, pipeline, store) in a test backend, with
 * the demo catalog in memory, stand-in API servers as its clusters, a logger that
 * captures every line (unredacted, so a leak cannot hide behind Backstage's own
 * redaction), and no scheduled runs unless a test triggers them.
 */
import {
  coreServices,
  createServiceFactory,
  LoggerService,
  RootLoggerService,
  SchedulerService,
  ServiceFactory,
} from '@backstage/backend-plugin-api';
import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import type { RefreshStatus } from '@extension-scorecard/plugin-extension-scorecard-common';
import type { JsonObject, JsonValue } from '@backstage/types';
import { connectRawDatabase } from '../../store/__testUtils__/rawDatabase';
import request from 'supertest';
import { extensionScorecardPlugin } from '../../plugin';
import { demoEntities } from './demoEntities';

/** One captured log line: level, message and metadata (children's metadata merged). */
export interface CapturedLog {
  level: 'error' | 'warn' | 'info' | 'debug';
  message: string;
  meta: JsonObject;
}

/** A logger that keeps every line it is given. */
export class CapturingLogger implements RootLoggerService {
  constructor(
    readonly lines: CapturedLog[] = [],
    private readonly fields: JsonObject = {},
  ) {}

  private log(level: CapturedLog['level'], message: string, meta?: unknown) {
    const extra: JsonObject =
      meta instanceof Error
        ? { error: `${meta.name}: ${meta.message}\n${meta.stack}` }
        : ((meta ?? {}) as JsonObject);
    this.lines.push({
      level,
      message: String(message),
      meta: { ...this.fields, ...extra },
    });
  }
  error(message: string, meta?: Error | JsonObject) {
    this.log('error', message, meta);
  }
  warn(message: string, meta?: Error | JsonObject) {
    this.log('warn', message, meta);
  }
  info(message: string, meta?: Error | JsonObject) {
    this.log('info', message, meta);
  }
  debug(message: string, meta?: Error | JsonObject) {
    this.log('debug', message, meta);
  }
  child(meta: JsonObject): LoggerService {
    return new CapturingLogger(this.lines, { ...this.fields, ...meta });
  }
  /** Everything logged, as one text (for searching). */
  text(): string {
    return this.lines.map(l => JSON.stringify(l)).join('\n');
  }
}

/** A live cluster as app-config gives it. */
export interface ClusterConfig {
  name: string;
  /** Required unless the cluster comes from `kubernetes.clusterLocatorMethods`. */
  url?: string;
  serviceAccountToken?: string;
  caData?: string;
  skipTLSVerify?: boolean;
  timeoutSeconds?: number;
  pageSize?: number;
}

/** Scheduled tasks never fire on their own: tests trigger them. */
const NEVER = {
  frequency: { hours: 24 },
  timeout: { minutes: 10 },
  initialDelay: { hours: 24 },
};

/** Starts the plugin in a test backend; `as` gives a caller's Authorization header. */
export async function startScorecardBackend(options: {
  clusters: ClusterConfig[];
  /** Extra app-config (merged at the top level). */
  config?: JsonObject;
  /** Whether a user may use a permission (default: everyone may do everything). */
  allow?: (userEntityRef: string | undefined, permission: string) => boolean;
}) {
  const logger = new CapturingLogger();
  // one connection: an in-memory SQLite database exists once per connection
  const knex = connectRawDatabase({
    client: 'better-sqlite3',
    connection: ':memory:',
    useNullAsDefault: true,
    pool: { min: 1, max: 1 },
  });
  // the mock scheduler instance doubles as its own service factory (not in its type)
  const scheduler = mockServices.scheduler() as SchedulerService & {
    factory(options: { skipTaskRunOnStartup: boolean }): ServiceFactory;
  };
  const allow = options.allow ?? (() => true);
  const backend = await startTestBackend({
    features: [
      extensionScorecardPlugin,
      mockServices.rootConfig.factory({
        data: {
          ...options.config,
          extensionScorecard: {
            clusters: options.clusters as unknown as JsonValue[],
            schedule: { collect: NEVER, assemble: NEVER },
            ...((options.config?.extensionScorecard as JsonObject) ?? {}),
          },
        },
      }),
      catalogServiceMock.factory({ entities: await demoEntities() }),
      createServiceFactory({
        service: coreServices.rootLogger,
        deps: {},
        factory: () => logger,
      }),
      createServiceFactory({
        service: coreServices.logger,
        deps: { plugin: coreServices.pluginMetadata },
        factory: ({ plugin }) => logger.child({ plugin: plugin.getId() }),
      }),
      mockServices.database.factory({ knex }),
      scheduler.factory({ skipTaskRunOnStartup: true }),
      // the only plugin of this backend (so notifications are off)
      createServiceFactory({
        service: coreServices.rootSystemMetadata,
        deps: {},
        factory: () => ({
          getInstalledPlugins: async () => [
            { pluginId: 'extension-scorecard' },
          ],
        }),
      }),
      // requests without credentials are anonymous (a real backend's default)
      mockServices.httpAuth.factory({
        defaultCredentials: mockCredentials.none(),
      }),
      createServiceFactory({
        service: coreServices.permissions,
        deps: {},
        factory: () => ({
          async authorize(requests: any[], { credentials }: any) {
            const user = credentials.principal?.userEntityRef;
            return requests.map(r => ({
              result: allow(user, r.permission.name) ? 'ALLOW' : 'DENY',
            })) as any;
          },
          async authorizeConditional(requests: any[], { credentials }: any) {
            const user = credentials.principal?.userEntityRef;
            return requests.map(r => ({
              result: allow(user, r.permission.name) ? 'ALLOW' : 'DENY',
            })) as any;
          },
        }),
      }),
    ],
  });
  const base = '/api/extension-scorecard';
  const api = request(backend.server);

  /** Starts a manual refresh of every cluster and waits until it has finished. */
  async function refresh(
    as = mockCredentials.user.header(),
  ): Promise<RefreshStatus> {
    const started = await api
      .post(`${base}/refresh`)
      .set('authorization', as)
      .send({ scope: 'all' });
    if (started.status !== 202) {
      throw new Error(
        `refresh answered ${started.status}: ${JSON.stringify(started.body)}`,
      );
    }
    for (;;) {
      const run = await api
        .get(`${base}/refresh/${started.body.id}`)
        .set('authorization', as);
      if (run.body.state === 'succeeded' || run.body.state === 'failed') {
        return run.body;
      }
      await new Promise(r => setTimeout(r, 100));
    }
  }

  return {
    backend,
    /** The plugin's database. */
    knex,
    logger,
    scheduler,
    api,
    base,
    refresh,
    async stop() {
      await backend.stop();
      await knex.destroy();
    },
  };
}
