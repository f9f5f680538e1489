/**
 * The HTTP API, typed and validated from src/schema/openapi.yaml. Each handler
 * authenticates the caller and hands over to the services, which check
 * permissions and visibility; errors are Backstage errors (4xx with a message).
 */
import { HttpAuthService } from '@backstage/backend-plugin-api';
import { createValidatedOpenApiRouter } from '@backstage/backend-openapi-utils';
import { InputError } from '@backstage/errors';
import express from 'express';
import Router from 'express-promise-router';
import { spec } from '../schema/openapi.generated';
import type {
  WaiverDecisionInput,
  WaiverRecord,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type { WaiverDecision } from '../store';
import type { AuditService } from './audit/AuditService';
import type { CampaignService } from './CampaignService';
import type { EvidenceService } from './EvidenceService';
import type { RefreshService } from './RefreshService';
import type { ReferenceDataService } from './referenceData';
import type { SavedFilterService } from './SavedFilterService';
import type { ScorecardService } from './ScorecardService';
import type { UpgradeReadinessService } from './UpgradeReadinessService';
import type { WaiverService } from './WaiverService';
import { strictIntegerParameters } from './integerParameters';
import { requestLimits, type RequestLimitSettings } from './requestLimits';
import { refuseUnstorableText } from './storableText';
import type { WriteRateLimiter } from './writeRateLimit';
import { actorOf } from './access';

/** Largest accepted request body (JSON). Documented in the README. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Clear messages for bodies the JSON parser refused. */
const bodyErrors: express.ErrorRequestHandler = (error, _req, _res, next) => {
  if (error?.type === 'entity.too.large') {
    next(
      Object.assign(
        new Error(
          `Request body exceeds the limit of ${MAX_BODY_BYTES / 1024} KiB`,
        ),
        { name: 'PayloadTooLargeError', statusCode: 413 },
      ),
    );
  } else if (error?.type === 'entity.parse.failed') {
    next(new InputError(`Request body is not valid JSON: ${error.message}`));
  } else {
    next(error);
  }
};

/** What the router needs. */
export interface RouterOptions {
  httpAuth: HttpAuthService;
  reads: ScorecardService;
  evidence: EvidenceService;
  waivers: WaiverService;
  campaigns: CampaignService;
  savedFilters: SavedFilterService;
  audit: AuditService;
  refresh: RefreshService;
  /** The next-minor upgrade report. */
  upgrade: UpgradeReadinessService;
  /** Per-caller limit of the write endpoints (none when absent). */
  writeRateLimit?: WriteRateLimiter;
  /** Body deadline and per-client cap of unfinished requests (none when absent). */
  requestLimits?: RequestLimitSettings;
  /** GET /reference-data (answers 404 when absent). */
  referenceData: ReferenceDataService;
}

/** Builds the plugin's router. `/health` is the only unauthenticated path. */
export async function createRouter(
  options: RouterOptions,
): Promise<express.Router> {
  const {
    httpAuth,
    reads,
    evidence,
    waivers,
    campaigns,
    savedFilters,
    audit,
    refresh,
    upgrade,
  } = options;
  // Bodies are parsed before the validated router so an oversized body answers 413
  // (the validator would report every parser error as 400).
  const outer = Router();
  if (options.requestLimits) {
    // first: nothing may wait on a body, or hold a slot, before these limits apply
    outer.use(requestLimits(options.requestLimits));
  }
  if (options.writeRateLimit) {
    outer.use(
      options.writeRateLimit.middleware(req =>
        httpAuth.credentials(req, { allow: ['user', 'service'] }).then(actorOf),
      ),
    );
  }
  outer.use(express.json({ limit: MAX_BODY_BYTES }));
  outer.use(bodyErrors);
  // The validated router runs `middleware` before validating (in place of its
  // default, a second JSON parser that the one above makes redundant). Both refuse
  // with an InputError (400), which the router re-raises with the same message.
  const router = createValidatedOpenApiRouter<typeof spec>(spec, {
    middleware: [
      refuseUnstorableText,
      // Ajv's coercion in the validator would read `Infinity` or `1.0` as integers
      strictIntegerParameters(spec),
    ],
  });
  outer.use(router);
  // the typed router's requests carry typed params; the auth service takes any request
  const credentials = (req: unknown) =>
    httpAuth.credentials(req as express.Request, {
      allow: ['user', 'service'],
    });

  router.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });

  router.get('/components', async (req, res) => {
    res.json(await reads.listComponents(await credentials(req), req.query));
  });

  router.get('/components/:componentId', async (req, res) => {
    res.json(
      await reads.getComponent(
        await credentials(req),
        req.params.componentId,
        req.query,
      ),
    );
  });

  router.get('/summaries/teams', async (req, res) => {
    res.json(await reads.teamSummaries(await credentials(req), req.query));
  });

  router.get('/summaries/heatmap', async (req, res) => {
    res.json(await reads.heatmap(await credentials(req), req.query));
  });

  router.get('/history', async (req, res) => {
    res.json(await reads.history(await credentials(req), req.query));
  });

  router.get('/snapshots', async (req, res) => {
    res.json(await reads.listSnapshots(await credentials(req), req.query));
  });

  router.get('/snapshots/:snapshotId', async (req, res) => {
    res.json(
      await reads.getSnapshot(await credentials(req), req.params.snapshotId),
    );
  });

  router.get('/snapshot-diff', async (req, res) => {
    res.json(
      await reads.diff(await credentials(req), req.query.from, req.query.to),
    );
  });

  router.get('/audit/quarters', async (req, res) => {
    res.json({ items: await audit.quarters(await credentials(req)) });
  });

  router.get('/audit/:quarter', async (req, res) => {
    res.json(await audit.report(await credentials(req), req.params.quarter));
  });

  router.get('/audit/:quarter/export', async (req, res) => {
    const { quarter } = req.params;
    const caller = await credentials(req);
    const format = req.query.format;
    const filename =
      format === 'upgrade-csv' || format === 'campaigns-csv'
        ? `extension-scorecard-${format.replace('-csv', '')}-${quarter}.csv`
        : `extension-scorecard-audit-${quarter}.${format}`;
    res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
    if (format !== 'json') {
      const exports = {
        csv: () => audit.exportCsv(caller, quarter),
        'upgrade-csv': () => audit.exportUpgradeCsv(caller, quarter),
        'campaigns-csv': () => audit.exportCampaignsCsv(caller, quarter),
      };
      const csv = await exports[format]();
      // text body: the typed response only describes the JSON variant
      (res as unknown as express.Response)
        .type('text/csv; charset=utf-8')
        .send(csv);
    } else {
      res.json(await audit.exportJson(caller, quarter));
    }
  });

  router.get('/upgrade-readiness', async (req, res) => {
    res.json(await upgrade.report(await credentials(req), req.query));
  });

  router.get('/audit-trail', async (req, res) => {
    res.json(await reads.auditTrail(await credentials(req), req.query));
  });

  router.get('/evidence', async (req, res) => {
    res.json(await evidence.list(await credentials(req), req.query));
  });

  router.post('/evidence', async (req, res) => {
    const result = await evidence.create(
      await credentials(req),
      req.body,
      req.header('idempotency-key')!,
    );
    if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
    res.status(result.replayed ? 200 : 201).json(result.evidence);
  });

  router.get('/waivers', async (req, res) => {
    res.json(await waivers.list(await credentials(req), req.query));
  });

  router.post('/waivers', async (req, res) => {
    res
      .status(201)
      .json(await waivers.request(await credentials(req), req.body));
  });

  router.get('/waivers/:waiverId', async (req, res) => {
    res.json(await waivers.get(await credentials(req), req.params.waiverId));
  });

  const decide =
    (decision: WaiverDecision) =>
    async (
      req: { params: { waiverId: string }; body?: WaiverDecisionInput },
      res: { json(body: WaiverRecord): unknown },
    ) => {
      res.json(
        await waivers.decide(
          await credentials(req),
          req.params.waiverId,
          decision,
          req.body ?? {},
        ),
      );
    };
  router.post('/waivers/:waiverId/approve', decide('approve'));
  router.post('/waivers/:waiverId/reject', decide('reject'));
  router.post('/waivers/:waiverId/revoke', decide('revoke'));

  router.get('/campaigns', async (req, res) => {
    res.json(await campaigns.list(await credentials(req), req.query));
  });

  router.post('/campaigns', async (req, res) => {
    res
      .status(201)
      .json(await campaigns.create(await credentials(req), req.body));
  });

  router.get('/campaigns/:campaignId', async (req, res) => {
    res.json(
      await campaigns.get(await credentials(req), req.params.campaignId),
    );
  });

  router.patch('/campaigns/:campaignId', async (req, res) => {
    res.json(
      await campaigns.update(
        await credentials(req),
        req.params.campaignId,
        req.body,
      ),
    );
  });

  router.post('/campaigns/:campaignId/close', async (req, res) => {
    res.json(
      await campaigns.close(
        await credentials(req),
        req.params.campaignId,
        req.body ?? {},
      ),
    );
  });

  router.get('/campaign-suggestions', async (req, res) => {
    res.json(await campaigns.suggestions(await credentials(req)));
  });

  router.get('/campaign-items', async (req, res) => {
    res.json(await campaigns.items(await credentials(req), req.query));
  });

  router.get('/saved-filters', async (req, res) => {
    res.json({ items: await savedFilters.list(await credentials(req)) });
  });

  router.post('/saved-filters', async (req, res) => {
    res
      .status(201)
      .json(await savedFilters.create(await credentials(req), req.body));
  });

  router.delete('/saved-filters/:savedFilterId', async (req, res) => {
    await savedFilters.delete(await credentials(req), req.params.savedFilterId);
    res.status(204).end();
  });

  router.post('/refresh', async (req, res) => {
    res
      .status(202)
      .json(await refresh.trigger(await credentials(req), req.body));
  });

  router.get('/refresh', async (req, res) => {
    res.json({ run: await refresh.latest(await credentials(req)) });
  });

  router.get('/refresh/:refreshId', async (req, res) => {
    res.json(await refresh.get(await credentials(req), req.params.refreshId));
  });

  router.get('/clusters', async (req, res) => {
    res.json({ items: await reads.clusters(await credentials(req)) });
  });

  router.get('/checks', async (req, res) => {
    res.json({ items: await reads.checks(await credentials(req)) });
  });

  router.get('/reference-data', async (req, res) => {
    const caller = await credentials(req);
    res.json(await options.referenceData.get(caller));
  });

  return outer;
}
