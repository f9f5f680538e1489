/**
 * Actions for assistants (served over MCP by the actions backend): the main reads
 * of the scorecard. They run with the caller's credentials through the same
 * services as the HTTP API, so the same permission and visibility rules apply.
 */
import type { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import {
  LEVEL_TITLES,
  extensionScorecardReadPermission,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type { AuditService } from '../service/audit/AuditService';
import type { CampaignService } from '../service/CampaignService';
import type { ScorecardService } from '../service/ScorecardService';

const QUARTER = /^\d{4}-Q[1-4]$/;

/** Registers the scorecard actions. */
export function registerScorecardActions(deps: {
  actionsRegistry: ActionsRegistryService;
  reads: ScorecardService;
  audit: AuditService;
  campaigns: CampaignService;
}): void {
  const { actionsRegistry, reads, audit, campaigns } = deps;

  actionsRegistry.register({
    name: 'get-extension-scorecard',
    title: 'Get the readiness scorecard of a Kubernetes extension',
    description:
      'Returns the readiness level (L0–L3), score, hard gates, what blocks the next level, and every failing or unknown check of one extension component in the latest snapshot. The component id is its catalog entity ref, e.g. component:default/cert-manager.',
    visibilityPermission: extensionScorecardReadPermission,
    attributes: { readOnly: true, idempotent: true, destructive: false },
    schema: {
      input: z =>
        z.object({
          componentId: z
            .string()
            .min(1)
            .max(400)
            .describe(
              'Entity ref of the component, e.g. component:default/cert-manager',
            ),
        }),
      output: z =>
        z.object({
          componentId: z.string(),
          name: z.string(),
          kind: z.string(),
          owner: z.string().nullable(),
          level: z.number(),
          levelTitle: z.string(),
          score: z.number(),
          snapshotTakenAt: z.string(),
          staleClusters: z.array(z.string()),
          hardGates: z.array(
            z.object({
              checkId: z.string(),
              cluster: z.string().nullable(),
              message: z.string(),
            }),
          ),
          nextLevelBlockers: z.array(z.string()),
          problems: z.array(
            z.object({
              checkId: z.string(),
              dimension: z.string(),
              status: z.string(),
              cluster: z.string().nullable(),
              message: z.string(),
              remediation: z.string(),
              waived: z.boolean(),
            }),
          ),
        }),
    },
    action: async ({ input, credentials }) => {
      const detail = await reads.getComponent(credentials, input.componentId, {
        historyLimit: 1,
      });
      const card = detail.scorecard;
      return {
        output: {
          componentId: card.componentId,
          name: card.name,
          kind: card.kind,
          owner: card.owner,
          level: card.level,
          levelTitle: LEVEL_TITLES[card.level],
          score: card.score,
          snapshotTakenAt: detail.snapshot.takenAt,
          staleClusters: detail.staleClusters,
          hardGates: card.hardGates.map(g => ({
            checkId: g.checkId,
            cluster: g.cluster,
            message: g.message,
          })),
          nextLevelBlockers: card.nextLevelBlockers,
          problems: card.results
            .filter(
              r =>
                r.status === 'fail' ||
                r.status === 'warn' ||
                r.status === 'unknown',
            )
            .map(r => ({
              checkId: r.checkId,
              dimension: r.dimension,
              status: r.status,
              cluster: r.cluster,
              message: r.message,
              remediation: r.remediation,
              waived: Boolean(r.waiver),
            })),
        },
      };
    },
  });

  actionsRegistry.register({
    name: 'list-team-failing-extensions',
    title: "List a team's failing Kubernetes extensions",
    description:
      'Lists the extension components an owner (a group entity ref such as group:default/team-storage) owns that fail at least one check, worst first, with their level and what blocks the next one.',
    visibilityPermission: extensionScorecardReadPermission,
    attributes: { readOnly: true, idempotent: true, destructive: false },
    schema: {
      input: z =>
        z.object({
          owner: z
            .string()
            .min(1)
            .max(400)
            .describe('Owner entity ref, e.g. group:default/team-storage'),
          limit: z
            .number()
            .int()
            .min(1)
            .max(100)
            .optional()
            .describe('At most this many (default 20)'),
        }),
      output: z =>
        z.object({
          total: z.number(),
          items: z.array(
            z.object({
              componentId: z.string(),
              name: z.string(),
              kind: z.string(),
              level: z.number(),
              score: z.number(),
              fails: z.number(),
              hardGates: z.number(),
              nextLevelBlockers: z.array(z.string()),
            }),
          ),
        }),
    },
    action: async ({ input, credentials }) => {
      const page = await reads.listComponents(credentials, {
        owner: [input.owner],
        status: 'fail',
        sort: 'fails',
        order: 'desc',
        limit: input.limit ?? 20,
      });
      return {
        output: {
          total: page.total,
          items: page.items.map(c => ({
            componentId: c.componentId,
            name: c.name,
            kind: c.kind,
            level: c.level,
            score: c.score,
            fails: c.counts.fail,
            hardGates: c.hardGateCount,
            nextLevelBlockers: c.nextLevelBlockers,
          })),
        },
      };
    },
  });

  actionsRegistry.register({
    name: 'get-extension-audit-summary',
    title: 'Get the quarterly audit summary of Kubernetes extensions',
    description:
      'Summarizes the quarterly extension audit (e.g. quarter 2025-Q3): level distribution, critical fails, orphans, waivers used and expired, retirements due and evidence freshness, overall and per team, with the change since the previous quarter.',
    visibilityPermission: extensionScorecardReadPermission,
    attributes: { readOnly: true, idempotent: true, destructive: false },
    schema: {
      input: z =>
        z.object({
          quarter: z
            .string()
            .regex(QUARTER, 'a quarter such as 2025-Q3')
            .describe('Calendar quarter, YYYY-Qn'),
        }),
      output: z => {
        const group = z.object({
          key: z.string().nullable(),
          components: z.number(),
          levels: z.record(z.number()),
          averageScore: z.number(),
          criticalFails: z.number(),
          orphans: z.number(),
          waiversUsed: z.number(),
          waiversExpired: z.number(),
          retirementsDue: z.number(),
          improved: z.number(),
          regressed: z.number(),
        });
        return z.object({
          quarter: z.string(),
          complete: z.boolean(),
          snapshotTakenAt: z.string(),
          previousQuarter: z.string(),
          totals: group,
          byTeam: z.array(group),
          criticalFails: z.array(
            z.object({
              componentId: z.string(),
              checkId: z.string(),
              message: z.string(),
            }),
          ),
          regressed: z.array(
            z.object({
              componentId: z.string(),
              from: z.number(),
              to: z.number(),
            }),
          ),
        });
      },
    },
    action: async ({ input, credentials }) => {
      const report = await audit.report(credentials, input.quarter);
      const group = (g: (typeof report)['totals']) => ({
        key: g.key,
        components: g.components,
        levels: { ...g.levels },
        averageScore: g.averageScore,
        criticalFails: g.criticalFails,
        orphans: g.orphans,
        waiversUsed: g.waiversUsed,
        waiversExpired: g.waiversExpired,
        retirementsDue: g.retirementsDue,
        improved: g.improved,
        regressed: g.regressed,
      });
      return {
        output: {
          quarter: report.quarter,
          complete: report.complete,
          snapshotTakenAt: report.snapshot.takenAt,
          previousQuarter: report.previousQuarter,
          totals: group(report.totals),
          byTeam: report.byTeam.map(group),
          criticalFails: report.criticalFails.map(c => ({
            componentId: c.componentId,
            checkId: c.checkId,
            message: c.message,
          })),
          regressed: report.changes.regressed.map(c => ({
            componentId: c.componentId,
            from: c.from,
            to: c.to,
          })),
        },
      };
    },
  });

  actionsRegistry.register({
    name: 'list-extension-campaigns',
    title: 'List the campaigns driving Kubernetes extensions to a goal',
    description:
      'Lists the campaigns (drives across teams with a deadline, e.g. "every admission webhook scoped out of kube-system by 31 March"), open ones first: goal, scope, deadline, enforcement date and whether it is announced or enforced, and progress in the latest snapshot (components in scope done, waived, open).',
    visibilityPermission: extensionScorecardReadPermission,
    attributes: { readOnly: true, idempotent: true, destructive: false },
    schema: {
      input: z =>
        z.object({
          includeClosed: z
            .boolean()
            .optional()
            .describe('Also list closed campaigns (default: open only)'),
          limit: z
            .number()
            .int()
            .min(1)
            .max(100)
            .optional()
            .describe('At most this many (default 20)'),
        }),
      output: z =>
        z.object({
          total: z.number(),
          items: z.array(
            z.object({
              id: z.string(),
              title: z.string(),
              state: z.string(),
              goalChecks: z.array(z.string()),
              goalLevel: z.number().nullable(),
              deadline: z.string(),
              enforceFrom: z.string().nullable(),
              enforcement: z.string(),
              overdue: z.boolean(),
              inScope: z.number().nullable(),
              done: z.number().nullable(),
              waived: z.number().nullable(),
              open: z.number().nullable(),
            }),
          ),
        }),
    },
    action: async ({ input, credentials }) => {
      const page = await campaigns.list(credentials, {
        ...(input.includeClosed ? {} : { state: ['open'] }),
        limit: input.limit ?? 20,
      });
      return {
        output: {
          total: page.total,
          items: page.items.map(c => ({
            id: c.id,
            title: c.title,
            state: c.state,
            goalChecks: c.goal.checks ?? [],
            goalLevel: c.goal.level ?? null,
            deadline: c.deadline,
            enforceFrom: c.enforceFrom,
            enforcement: c.enforcement,
            overdue: c.overdue,
            inScope: c.progress?.inScope ?? null,
            done: c.progress?.done ?? null,
            waived: c.progress?.waived ?? null,
            open: c.progress?.open ?? null,
          })),
        },
      };
    },
  });

  actionsRegistry.register({
    name: 'list-team-campaign-items',
    title:
      "List what a team's Kubernetes extensions must do for open campaigns",
    description:
      'Lists, for a team (a group entity ref such as group:default/team-storage, groups below it included), each of its extension components that an open campaign concerns and has not reached the goal: the campaign, its deadline and enforcement date, and the check results still in the way with their remediation.',
    visibilityPermission: extensionScorecardReadPermission,
    attributes: { readOnly: true, idempotent: true, destructive: false },
    schema: {
      input: z =>
        z.object({
          team: z
            .string()
            .min(1)
            .max(400)
            .describe('Group entity ref, e.g. group:default/team-storage'),
          limit: z
            .number()
            .int()
            .min(1)
            .max(100)
            .optional()
            .describe('At most this many (default 50)'),
        }),
      output: z =>
        z.object({
          total: z.number(),
          items: z.array(
            z.object({
              campaignId: z.string(),
              campaignTitle: z.string(),
              deadline: z.string(),
              enforceFrom: z.string().nullable(),
              enforcement: z.string(),
              componentId: z.string(),
              name: z.string(),
              todo: z.array(
                z.object({
                  checkId: z.string(),
                  cluster: z.string().nullable(),
                  status: z.string(),
                  message: z.string(),
                  remediation: z.string(),
                  announced: z.boolean(),
                }),
              ),
            }),
          ),
        }),
    },
    action: async ({ input, credentials }) => {
      const page = await campaigns.items(credentials, {
        team: input.team,
        status: ['open'],
        limit: input.limit ?? 50,
      });
      return {
        output: {
          total: page.total,
          items: page.items.map(item => ({
            campaignId: item.campaignId,
            campaignTitle: item.campaignTitle,
            deadline: item.deadline,
            enforceFrom: item.enforceFrom,
            enforcement: item.enforcement,
            componentId: item.componentId,
            name: item.name,
            todo: item.todo
              .filter(t => !t.waived)
              .map(t => ({
                checkId: t.checkId,
                cluster: t.cluster,
                status: t.status,
                message: t.message,
                remediation: t.remediation,
                announced: t.announced,
              })),
          })),
        },
      };
    },
  });
}
