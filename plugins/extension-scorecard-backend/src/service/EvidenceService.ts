/**
 * Submitting and listing experiment evidence. A submission must name a component
 * the caller may see in the latest snapshot, one of its clusters and a scenario its
 * kind knows; times must be in order and not in the future.
 */
import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { InputError } from '@backstage/errors';
import {
  extensionScorecardEvidenceCreatePermission,
  type EvidenceInput,
  type EvidenceQuery,
  type ExperimentEvidence,
  type Page,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { spec } from '../schema/openapi.generated';
import type { ScorecardStores } from '../store';
import { actorOf, type ScorecardAccess } from './access';
import { checkHttpLinks, parseDateTime, trimmedText } from './inputRules';
import { PAGE_DEFAULT, type ScorecardService } from './ScorecardService';

/** Tolerated clock skew for times a client reports. */
const FUTURE_SKEW_MS = 5 * 60_000;

/** Least length of `tool` once trimmed, from the OpenAPI schema. */
const TOOL_MIN_LENGTH =
  spec.components.schemas.EvidenceInput.properties.tool.minLength;

function isoTime(field: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return parseDateTime(field, value).toISOString();
}

/** Evidence submission and listing. */
export class EvidenceService {
  constructor(
    private readonly options: {
      stores: ScorecardStores;
      access: ScorecardAccess;
      reads: ScorecardService;
      /** Scenario ids a kind accepts evidence for. */
      scenariosOf: (kind: string) => readonly string[];
    },
  ) {}

  async create(
    credentials: BackstageCredentials,
    input: EvidenceInput,
    idempotencyKey: string,
  ): Promise<{ evidence: ExperimentEvidence; replayed: boolean }> {
    const { access, stores, reads } = this.options;
    const tool =
      input.tool === undefined
        ? 'manual'
        : trimmedText('tool', input.tool, TOOL_MIN_LENGTH);
    checkHttpLinks('links', input.links ?? []);
    const decision = await access.resourceDecision(
      extensionScorecardEvidenceCreatePermission,
      credentials,
    );
    decision.require();
    const visibility = await access.visibility(credentials);
    const component = await reads.latestComponent(input.component, visibility);
    decision.require(await access.componentResource(component));
    const { clusters } = component;
    if (!clusters.includes(input.cluster)) {
      throw new InputError(
        `Component ${input.component} does not run in cluster '${
          input.cluster
        }' (it runs in: ${clusters.join(', ') || 'no cluster'})`,
      );
    }
    const scenarios = this.options.scenariosOf(component.kind);
    if (!scenarios.includes(input.scenario)) {
      throw new InputError(
        `Scenario '${input.scenario}' is not a fault experiment of kind ${
          component.kind
        } (known: ${scenarios.join(', ') || 'none'})`,
      );
    }
    const now = reads.now();
    const startedAt = isoTime('startedAt', input.startedAt)!;
    const injectedAt = isoTime('injectedAt', input.injectedAt);
    const recoveredAt = isoTime('recoveredAt', input.recoveredAt);
    const latest = [startedAt, injectedAt, recoveredAt].filter(
      Boolean,
    ) as string[];
    if (latest.some(t => Date.parse(t) > now.getTime() + FUTURE_SKEW_MS)) {
      throw new InputError('Experiment times may not lie in the future');
    }
    if (injectedAt && injectedAt < startedAt) {
      throw new InputError('injectedAt must not be before startedAt');
    }
    if (recoveredAt && recoveredAt < (injectedAt ?? startedAt)) {
      throw new InputError(
        'recoveredAt must not be before injectedAt (or startedAt)',
      );
    }
    return stores.evidence.create({
      ...input,
      tool,
      startedAt,
      injectedAt,
      recoveredAt,
      submittedBy: actorOf(credentials),
      submittedAt: now.toISOString(),
      source: 'api',
      idempotencyKey,
    });
  }

  async list(
    credentials: BackstageCredentials,
    query: EvidenceQuery,
  ): Promise<Page<ExperimentEvidence>> {
    const visibility = await this.options.reads.readerVisibility(credentials);
    return this.options.stores.evidence.list(
      {
        ...query,
        offset: query.offset ?? 0,
        limit: query.limit ?? PAGE_DEFAULT,
      },
      visibility,
    );
  }
}
