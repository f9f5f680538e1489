/**
 * Manual refresh: validated and permission-checked here, run by the collection
 * pipeline (pipeline/RefreshCoordinator) which records progress in refresh_runs.
 */
import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { InputError, NotFoundError } from '@backstage/errors';
import {
  extensionScorecardRefreshPermission,
  type RefreshInput,
  type RefreshScope,
  type RefreshStatus,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type { ScorecardStores } from '../store';
import { actorOf, type ScorecardAccess } from './access';
import type { ScorecardService } from './ScorecardService';

/** What runs a refresh (the pipeline's coordinator). */
export interface RefreshRunner {
  /** Starts a run in the background; ConflictError while another one is active. */
  start(request: {
    scope: RefreshScope;
    target: string | null;
    clusters: string[];
    requestedBy: string;
  }): Promise<RefreshStatus>;
}

/** Refresh trigger and status. */
export class RefreshService {
  constructor(
    private readonly options: {
      stores: ScorecardStores;
      access: ScorecardAccess;
      reads: ScorecardService;
      runner: RefreshRunner;
      clusters: () => ReadonlyArray<{ name: string }>;
    },
  ) {}

  async trigger(
    credentials: BackstageCredentials,
    input: RefreshInput,
  ): Promise<RefreshStatus> {
    const { access, reads, runner } = this.options;
    await access.require(extensionScorecardRefreshPermission, credentials);
    const configured = this.options.clusters().map(c => c.name);
    let clusters = configured;
    let target: string | null = null;
    if (input.scope === 'cluster') {
      if (!input.cluster) throw new InputError('scope cluster needs a cluster');
      if (!configured.includes(input.cluster)) {
        throw new NotFoundError(`No configured cluster '${input.cluster}'`);
      }
      clusters = [input.cluster];
      target = input.cluster;
    } else if (input.scope === 'component') {
      if (!input.componentId) {
        throw new InputError('scope component needs a componentId');
      }
      const visibility = await access.visibility(credentials);
      const component = await reads.latestComponent(
        input.componentId,
        visibility,
      );
      clusters = configured.filter(c => component.clusters.includes(c));
      target = input.componentId;
    } else if (input.cluster || input.componentId) {
      throw new InputError('scope all takes neither cluster nor componentId');
    }
    return runner.start({
      scope: input.scope,
      target,
      clusters,
      requestedBy: actorOf(credentials),
    });
  }

  async latest(
    credentials: BackstageCredentials,
  ): Promise<RefreshStatus | null> {
    await this.options.reads.readerVisibility(credentials);
    return (await this.options.stores.runs.latest()) ?? null;
  }

  async get(
    credentials: BackstageCredentials,
    id: string,
  ): Promise<RefreshStatus> {
    await this.options.reads.readerVisibility(credentials);
    const run = await this.options.stores.runs.get(id);
    if (!run) throw new NotFoundError(`No refresh run ${id}`);
    return run;
  }
}
