/**
 * Requesting and deciding waivers. Requests need `waiver.request` and decisions
 * `waiver.approve` on the waiver's component (resource permissions, so a policy can
 * say "the owning team" or "approvers outside it"); revoking one's own request needs
 * only `waiver.request`. Whatever the policy says, an approver may not have requested
 * the waiver nor belong to the owning group (membership read from the catalog, child
 * groups included).
 */
import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { InputError, NotAllowedError, NotFoundError } from '@backstage/errors';
import {
  extensionScorecardWaiverApprovePermission,
  extensionScorecardWaiverRequestPermission,
  type Page,
  type WaiverDecisionInput,
  type WaiverDetail,
  type WaiverInput,
  type WaiverQuery,
  type WaiverRecord,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import {
  FULL_VISIBILITY,
  isComponentVisible,
  type ScorecardStores,
  type WaiverDecision,
} from '../store';
import type { ScorecardComponentResource } from './permissions/componentResource';
import { actorOf, isUser, normalizeRef, type ScorecardAccess } from './access';
import { spec } from '../schema/openapi.generated';
import { parseDateTime, trimmedText } from './inputRules';
import { PAGE_DEFAULT, type ScorecardService } from './ScorecardService';

/** Least lengths of the texts once trimmed, from the OpenAPI schema. */
const REASON_MIN_LENGTH =
  spec.components.schemas.WaiverInput.properties.reason.minLength;
const COMMENT_MIN_LENGTH =
  spec.components.schemas.WaiverDecisionInput.properties.comment.minLength;

/** Waiver requests and decisions. */
export class WaiverService {
  constructor(
    private readonly options: {
      stores: ScorecardStores;
      access: ScorecardAccess;
      reads: ScorecardService;
      /** Longest a waiver may run, in days. */
      maxDays: number;
    },
  ) {}

  async request(
    credentials: BackstageCredentials,
    input: WaiverInput,
  ): Promise<WaiverRecord> {
    const { access, stores, reads } = this.options;
    const reason = trimmedText('reason', input.reason, REASON_MIN_LENGTH);
    const expires = parseDateTime('expiresAt', input.expiresAt).getTime();
    const decision = await access.resourceDecision(
      extensionScorecardWaiverRequestPermission,
      credentials,
    );
    decision.require();
    const visibility = await access.visibility(credentials);
    const snapshot = await reads.snapshot();
    const stored = await stores.components.getComponent(
      snapshot,
      input.component,
      visibility,
    );
    if (!stored) {
      throw new NotFoundError(
        `No component ${input.component} in the latest snapshot that you may see`,
      );
    }
    decision.require(await access.componentResource(stored.summary));
    const cluster = input.cluster ?? null;
    const results = stored.evaluation.scorecard.results.filter(
      r => r.checkId === input.checkId,
    );
    if (!results.length) {
      throw new InputError(
        `Component ${input.component} has no result for check '${input.checkId}'`,
      );
    }
    if (cluster !== null && !results.some(r => r.cluster === cluster)) {
      throw new InputError(
        `Check '${input.checkId}' has no result for cluster '${cluster}' on ${input.component}`,
      );
    }
    const now = reads.now();
    if (expires <= now.getTime()) {
      throw new InputError('expiresAt must lie in the future');
    }
    if (expires > now.getTime() + this.options.maxDays * 86_400_000) {
      throw new InputError(
        `A waiver may run at most ${this.options.maxDays} days (extensionScorecard.waivers.maxDays)`,
      );
    }
    return stores.waivers.request({
      component: input.component,
      checkId: input.checkId,
      cluster,
      reason,
      expiresAt: new Date(expires).toISOString(),
      requestedBy: actorOf(credentials),
      owner: stored.summary.owner,
      now: now.toISOString(),
    });
  }

  /** The waiver if it exists and its component is visible to the caller. */
  private async visibleWaiver(
    credentials: BackstageCredentials,
    id: string,
  ): Promise<WaiverRecord> {
    const { access, stores, reads } = this.options;
    const waiver = await stores.waivers.get(id, reads.now().toISOString());
    const visibility = await access.visibility(credentials);
    if (!waiver || !isComponentVisible(visibility, waiver.component)) {
      throw new NotFoundError(`No waiver ${id}`);
    }
    return waiver;
  }

  async get(
    credentials: BackstageCredentials,
    id: string,
  ): Promise<WaiverDetail> {
    await this.options.reads.readerVisibility(credentials);
    const waiver = await this.visibleWaiver(credentials, id);
    const trail = await this.options.stores.auditTrail.forSubject('waiver', id);
    return { waiver, trail };
  }

  async list(
    credentials: BackstageCredentials,
    query: WaiverQuery,
  ): Promise<Page<WaiverRecord>> {
    const visibility = await this.options.reads.readerVisibility(credentials);
    return this.options.stores.waivers.list(
      {
        ...query,
        offset: query.offset ?? 0,
        limit: query.limit ?? PAGE_DEFAULT,
      },
      this.options.reads.now().toISOString(),
      visibility,
    );
  }

  async decide(
    credentials: BackstageCredentials,
    id: string,
    decision: WaiverDecision,
    input: WaiverDecisionInput,
  ): Promise<WaiverRecord> {
    const { access, stores, reads } = this.options;
    const actor = actorOf(credentials);
    const approval = await access.resourceDecision(
      extensionScorecardWaiverApprovePermission,
      credentials,
    );
    // a requester may revoke their own request with the request permission
    const request =
      decision === 'revoke'
        ? await access.resourceDecision(
            extensionScorecardWaiverRequestPermission,
            credentials,
          )
        : undefined;
    if (approval.never) (request ?? approval).require();
    const waiver = await this.visibleWaiver(credentials, id);
    const resource = await this.resourceOf(waiver);
    if (decision === 'approve') {
      await this.checkApprover(credentials, waiver, resource);
    }
    if (!approval.on(resource)) {
      if (!request) approval.require(resource);
      else if (waiver.requestedBy !== actor) {
        throw new NotAllowedError(
          'Only an approver may revoke a waiver someone else requested',
        );
      } else request.require(resource);
    }
    if (decision === 'reject' && input.comment === undefined) {
      throw new InputError('Rejecting a waiver needs a comment');
    }
    const comment =
      input.comment === undefined
        ? null
        : trimmedText('comment', input.comment, COMMENT_MIN_LENGTH);
    return stores.waivers.decide(id, decision, {
      actor,
      comment,
      now: reads.now().toISOString(),
    });
  }

  /**
   * The waiver's component as the permission rules see it: as in the latest
   * snapshot, or (gone from it) with the owner recorded on the waiver.
   */
  private async resourceOf(
    waiver: WaiverRecord,
  ): Promise<ScorecardComponentResource> {
    const { access, stores, reads } = this.options;
    const component = await stores.components.componentSummary(
      await reads.snapshot(),
      waiver.component,
      FULL_VISIBILITY,
    );
    return access.componentResource(
      component ?? {
        componentId: waiver.component,
        kind: 'unknown',
        owner: waiver.owner,
        clusters: [],
      },
    );
  }

  /** The four-eyes rule: not the requester, not a member of the owning group. */
  private async checkApprover(
    credentials: BackstageCredentials,
    waiver: WaiverRecord,
    resource: ScorecardComponentResource,
  ): Promise<void> {
    const actor = actorOf(credentials);
    if (waiver.requestedBy === actor) {
      throw new NotAllowedError(
        'You requested this waiver; someone else must approve it',
      );
    }
    if (!isUser(credentials)) return;
    const owners = [waiver.owner, resource.owner]
      .filter((o): o is string => Boolean(o))
      .map(o => normalizeRef(o));
    const groups = await this.options.access.groupsOf(actor);
    const shared = owners.find(owner => groups.has(owner));
    if (shared) {
      throw new NotAllowedError(
        `You belong to ${shared}, which owns ${waiver.component}; a waiver must be approved by someone outside the owning group`,
      );
    }
  }
}
