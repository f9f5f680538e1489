// This file is generated from openapi.yaml by scripts/generate-openapi.mjs. Do not edit it.
// Run `node scripts/generate-openapi.mjs` in plugins/extension-scorecard-backend after changing the YAML.

/** The OpenAPI document of the plugin, as a literal type. @public */
export const spec = {
  openapi: '3.1.0',
  info: {
    title: 'extension-scorecard',
    version: '1',
    description:
      "Readiness scorecards for Kubernetes extensions: the latest snapshot of every\nextension component with its check results, history across snapshots,\nexperiment evidence, waivers, the quarterly audit report and collection runs.\n\nPaths are relative to the plugin's base URL, e.g.\n`http://localhost:7007/api/extension-scorecard`. Every endpoint except\n`/health` needs a Backstage token (`Authorization: Bearer …`, user or\nservice). Reads need `extension-scorecard.read` and only return components\nwhose catalog entity the caller may read (orphans: the configured admin\ngroup only). Writes need the permission named in their description.\nErrors use Backstage's error body (`{ error: { name, message }, request, response }`).\n",
    license: {
      name: 'Apache-2.0',
      url: 'http://www.apache.org/licenses/LICENSE-2.0.html',
    },
    contact: {},
  },
  servers: [
    {
      url: '/',
    },
  ],
  tags: [
    {
      name: 'Components',
    },
    {
      name: 'Summaries',
    },
    {
      name: 'Snapshots',
    },
    {
      name: 'Audit',
    },
    {
      name: 'Evidence',
    },
    {
      name: 'Waivers',
    },
    {
      name: 'Collection',
    },
    {
      name: 'Upgrade',
    },
    {
      name: 'Campaigns',
    },
  ],
  paths: {
    '/health': {
      get: {
        operationId: 'GetHealth',
        description: 'Liveness of the plugin. Unauthenticated.',
        responses: {
          '200': {
            description: 'The plugin is up.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    status: {
                      type: 'string',
                      const: 'ok',
                    },
                  },
                  required: ['status'],
                  additionalProperties: false,
                },
              },
            },
          },
        },
      },
    },
    '/components': {
      get: {
        operationId: 'ListComponents',
        tags: ['Components'],
        description:
          'One page of the components of a snapshot (the latest by default), filtered,\nsorted and paged on the server. Filters combine with AND; a filter given\nseveral times (e.g. `kind=csi&kind=cni`) matches any of its values.\n`checkId` and `status` together select components with a result of that\ncheck in that status; alone, `status` selects components with any result\nin that status and `checkId` components on which that check ran.\n',
        parameters: [
          {
            $ref: '#/components/parameters/snapshot',
          },
          {
            name: 'owner',
            in: 'query',
            description: 'Owner entity ref, e.g. `group:default/team-storage`.',
            schema: {
              type: 'array',
              items: {
                type: 'string',
                minLength: 1,
              },
            },
          },
          {
            name: 'kind',
            in: 'query',
            schema: {
              type: 'array',
              items: {
                $ref: '#/components/schemas/ExtensionKind',
              },
            },
          },
          {
            name: 'cluster',
            in: 'query',
            schema: {
              type: 'array',
              items: {
                type: 'string',
                minLength: 1,
              },
            },
          },
          {
            name: 'level',
            in: 'query',
            schema: {
              type: 'array',
              items: {
                $ref: '#/components/schemas/ReadinessLevel',
              },
            },
          },
          {
            name: 'failingDimension',
            in: 'query',
            description: 'Dimensions whose worst result is `fail`.',
            schema: {
              type: 'array',
              items: {
                $ref: '#/components/schemas/Dimension',
              },
            },
          },
          {
            name: 'warningDimension',
            in: 'query',
            description:
              'Dimensions whose worst result is `warn` or `fail` (heat-map cells filter with it).',
            schema: {
              type: 'array',
              items: {
                $ref: '#/components/schemas/Dimension',
              },
            },
          },
          {
            name: 'checkId',
            in: 'query',
            schema: {
              type: 'string',
              minLength: 1,
              maxLength: 200,
            },
          },
          {
            name: 'status',
            in: 'query',
            schema: {
              $ref: '#/components/schemas/CheckStatus',
            },
          },
          {
            name: 'lifecycle',
            in: 'query',
            schema: {
              type: 'array',
              items: {
                type: 'string',
                minLength: 1,
              },
            },
          },
          {
            name: 'orphan',
            in: 'query',
            schema: {
              type: 'boolean',
            },
          },
          {
            name: 'stale',
            in: 'query',
            description:
              'Only components with data from a stale cluster (true) or none (false).',
            schema: {
              type: 'boolean',
            },
          },
          {
            name: 'search',
            in: 'query',
            description:
              'Case-insensitive substring of the component id, name or owner.',
            schema: {
              type: 'string',
              minLength: 1,
              maxLength: 200,
            },
          },
          {
            name: 'componentId',
            in: 'query',
            description:
              'Only these components (e.g. the extensions of one System, by entity ref).',
            schema: {
              type: 'array',
              maxItems: 200,
              items: {
                type: 'string',
                minLength: 1,
                maxLength: 400,
              },
            },
          },
          {
            name: 'sort',
            in: 'query',
            schema: {
              $ref: '#/components/schemas/ComponentSortField',
              default: 'name',
            },
          },
          {
            name: 'order',
            in: 'query',
            schema: {
              $ref: '#/components/schemas/SortOrder',
              default: 'asc',
            },
          },
          {
            $ref: '#/components/parameters/offset',
          },
          {
            $ref: '#/components/parameters/limit',
          },
        ],
        responses: {
          '200': {
            description: 'One page of components.',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/ComponentPage',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '404': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
    },
    '/components/{componentId}': {
      get: {
        operationId: 'GetComponent',
        tags: ['Components'],
        description:
          'One component: its scorecard in the snapshot (results, certificates, RBAC\nfindings, blast radius), its instances per cluster, all its evidence and\nwaivers, and its history across snapshots (newest last).\n',
        parameters: [
          {
            $ref: '#/components/parameters/componentId',
          },
          {
            $ref: '#/components/parameters/snapshot',
          },
          {
            name: 'historyLimit',
            in: 'query',
            description: 'Number of history points (newest kept).',
            schema: {
              type: 'integer',
              minimum: 1,
              maximum: 1000,
              default: 90,
            },
          },
        ],
        responses: {
          '200': {
            description: 'The component.',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/ComponentDetail',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '404': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
    },
    '/summaries/teams': {
      get: {
        operationId: 'GetTeamSummaries',
        tags: ['Summaries'],
        description:
          'Per owning team of the snapshot, the level distribution and the counts an ownership review needs.',
        parameters: [
          {
            $ref: '#/components/parameters/snapshot',
          },
          {
            name: 'owner',
            in: 'query',
            schema: {
              type: 'array',
              items: {
                type: 'string',
                minLength: 1,
              },
            },
          },
        ],
        responses: {
          '200': {
            description: 'One summary per owner (orphans under owner `null`).',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/TeamSummaryList',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '404': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
    },
    '/summaries/heatmap': {
      get: {
        operationId: 'GetHeatmap',
        tags: ['Summaries'],
        description:
          "The kind × dimension heat map of a snapshot. A cell counts the components of\nthat kind by their worst status in that dimension; shares are fractions of\nthe cell's components (0–1). Filters narrow the components counted.\n",
        parameters: [
          {
            $ref: '#/components/parameters/snapshot',
          },
          {
            name: 'owner',
            in: 'query',
            schema: {
              type: 'array',
              items: {
                type: 'string',
                minLength: 1,
              },
            },
          },
          {
            name: 'cluster',
            in: 'query',
            schema: {
              type: 'array',
              items: {
                type: 'string',
                minLength: 1,
              },
            },
          },
          {
            name: 'orphan',
            in: 'query',
            schema: {
              type: 'boolean',
            },
          },
        ],
        responses: {
          '200': {
            description: 'The heat map.',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/Heatmap',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '404': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
    },
    '/history': {
      get: {
        operationId: 'GetHistory',
        tags: ['Summaries'],
        description:
          'Trend across retained snapshots (oldest first) for one component, one team,\none kind or one dimension, or the whole fleet when `scope=fleet`.\n',
        parameters: [
          {
            name: 'scope',
            in: 'query',
            required: true,
            schema: {
              $ref: '#/components/schemas/HistoryScope',
            },
          },
          {
            name: 'key',
            in: 'query',
            description:
              'Component id, owner ref, kind id or dimension id (not for `fleet`).',
            schema: {
              type: 'string',
              minLength: 1,
              maxLength: 400,
            },
          },
          {
            name: 'from',
            in: 'query',
            schema: {
              type: 'string',
              format: 'date-time',
            },
          },
          {
            name: 'to',
            in: 'query',
            schema: {
              type: 'string',
              format: 'date-time',
            },
          },
          {
            name: 'limit',
            in: 'query',
            description: 'Number of points (newest kept).',
            schema: {
              type: 'integer',
              minimum: 1,
              maximum: 1000,
              default: 90,
            },
          },
        ],
        responses: {
          '200': {
            description: 'The trend.',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/HistorySeries',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '404': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
    },
    '/snapshots': {
      get: {
        operationId: 'ListSnapshots',
        tags: ['Snapshots'],
        description: 'Retained snapshots, newest first.',
        parameters: [
          {
            name: 'from',
            in: 'query',
            schema: {
              type: 'string',
              format: 'date-time',
            },
          },
          {
            name: 'to',
            in: 'query',
            schema: {
              type: 'string',
              format: 'date-time',
            },
          },
          {
            $ref: '#/components/parameters/offset',
          },
          {
            $ref: '#/components/parameters/limit',
          },
        ],
        responses: {
          '200': {
            description: 'One page of snapshots.',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/SnapshotPage',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
    },
    '/snapshots/{snapshotId}': {
      get: {
        operationId: 'GetSnapshot',
        tags: ['Snapshots'],
        parameters: [
          {
            name: 'snapshotId',
            in: 'path',
            required: true,
            schema: {
              type: 'integer',
              minimum: 1,
            },
          },
        ],
        responses: {
          '200': {
            description: 'The snapshot.',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/Snapshot',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '404': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
    },
    '/snapshot-diff': {
      get: {
        operationId: 'DiffSnapshots',
        tags: ['Snapshots'],
        description:
          'What changed from one snapshot to another (any two, in either order): new and\nremoved components, level changes, and checks that got better or worse.\nChecks are ranked pass > not-applicable > warn > unknown > fail.\n',
        parameters: [
          {
            name: 'from',
            in: 'query',
            required: true,
            schema: {
              type: 'integer',
              minimum: 1,
            },
          },
          {
            name: 'to',
            in: 'query',
            required: true,
            schema: {
              type: 'integer',
              minimum: 1,
            },
          },
        ],
        responses: {
          '200': {
            description: 'The diff.',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/SnapshotDiff',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '404': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
    },
    '/audit/quarters': {
      get: {
        operationId: 'ListAuditQuarters',
        tags: ['Audit'],
        description:
          'The quarters with at least one retained snapshot, newest first.',
        responses: {
          '200': {
            description: 'Quarters.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    items: {
                      type: 'array',
                      items: {
                        $ref: '#/components/schemas/AuditQuarter',
                      },
                    },
                  },
                  required: ['items'],
                  additionalProperties: false,
                },
              },
            },
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
    },
    '/audit/{quarter}': {
      get: {
        operationId: 'GetAuditReport',
        tags: ['Audit'],
        description:
          'The quarterly audit report: per team and per kind, level distribution,\ncritical fails, orphans, waivers used and expired, retirements due,\nevidence freshness and the change since the previous quarter. Built from\nthe quarter-end snapshot (the newest snapshot of the quarter while it runs).\n',
        parameters: [
          {
            $ref: '#/components/parameters/quarter',
          },
        ],
        responses: {
          '200': {
            description: 'The report.',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/AuditReport',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '404': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
    },
    '/audit/{quarter}/export': {
      get: {
        operationId: 'ExportAuditReport',
        tags: ['Audit'],
        description:
          "The audit report as a download. `csv`: one row per component and check\n(worst status across clusters, with per-cluster statuses in a column),\nRFC 4180, UTF-8 with a header row. `json`: the report plus every\ncomponent's results.\n",
        parameters: [
          {
            $ref: '#/components/parameters/quarter',
          },
          {
            name: 'format',
            in: 'query',
            required: true,
            schema: {
              $ref: '#/components/schemas/AuditExportFormat',
            },
          },
        ],
        responses: {
          '200': {
            description: 'The export, with `Content-Disposition: attachment`.',
            content: {
              'text/csv': {
                schema: {
                  type: 'string',
                },
              },
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/AuditExport',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '404': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
    },
    '/upgrade-readiness': {
      get: {
        operationId: 'GetUpgradeReadiness',
        tags: ['Upgrade'],
        description:
          '"Ready for the next minor": for each cluster of a snapshot (the latest by\ndefault), everything that blocks moving it to the next Kubernetes minor —\nremoved APIs still in use (and who uses them), CRD storage migrations\npending, version skew and sidecar or driver versions unsupported on the\ntarget — plus warnings for what the target deprecates. Also grouped by\nowning team. Findings of components the caller may not see are left out\nand counted in `hiddenFindings`; cluster-wide findings (the API server\'s\ndeprecated-API metric) are shown to everyone.\n',
        parameters: [
          {
            $ref: '#/components/parameters/snapshot',
          },
          {
            name: 'cluster',
            in: 'query',
            schema: {
              type: 'array',
              items: {
                type: 'string',
                minLength: 1,
              },
            },
          },
          {
            name: 'owner',
            in: 'query',
            description: 'Owner entity ref, e.g. `group:default/team-storage`.',
            schema: {
              type: 'array',
              items: {
                type: 'string',
                minLength: 1,
              },
            },
          },
        ],
        responses: {
          '200': {
            description: 'The report.',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/UpgradeReadinessReport',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '404': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
    },
    '/audit-trail': {
      get: {
        operationId: 'ListAuditTrail',
        tags: ['Audit'],
        description:
          'Who changed what and when, for waivers and evidence (newest first).',
        parameters: [
          {
            name: 'subjectType',
            in: 'query',
            schema: {
              $ref: '#/components/schemas/AuditSubjectType',
            },
          },
          {
            name: 'subjectId',
            in: 'query',
            schema: {
              type: 'string',
              minLength: 1,
              maxLength: 200,
            },
          },
          {
            name: 'component',
            in: 'query',
            schema: {
              type: 'string',
              minLength: 1,
              maxLength: 400,
            },
          },
          {
            $ref: '#/components/parameters/offset',
          },
          {
            $ref: '#/components/parameters/limit',
          },
        ],
        responses: {
          '200': {
            description: 'One page of audit events.',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/AuditEventPage',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
    },
    '/evidence': {
      get: {
        operationId: 'ListEvidence',
        tags: ['Evidence'],
        description: 'Experiment evidence, newest `startedAt` first.',
        parameters: [
          {
            name: 'component',
            in: 'query',
            schema: {
              type: 'string',
              minLength: 1,
              maxLength: 400,
            },
          },
          {
            name: 'cluster',
            in: 'query',
            schema: {
              type: 'string',
              minLength: 1,
              maxLength: 200,
            },
          },
          {
            name: 'scenario',
            in: 'query',
            schema: {
              type: 'string',
              minLength: 1,
              maxLength: 200,
            },
          },
          {
            name: 'tool',
            in: 'query',
            schema: {
              type: 'string',
              minLength: 1,
              maxLength: 100,
            },
          },
          {
            $ref: '#/components/parameters/offset',
          },
          {
            $ref: '#/components/parameters/limit',
          },
        ],
        responses: {
          '200': {
            description: 'One page of evidence.',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/EvidencePage',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
      post: {
        operationId: 'CreateEvidence',
        tags: ['Evidence'],
        description:
          'Submit the record of a fault experiment. Needs\n`extension-scorecard.evidence.create`. The body is limited to 64 KiB\n(413 above it). `Idempotency-Key` is required: a retry with the same key\nand the same body answers 200 with the record first stored; the same key\nwith a different body answers 409. The component must exist in the latest\nsnapshot and be visible to the caller.\n',
        parameters: [
          {
            $ref: '#/components/parameters/idempotencyKey',
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                $ref: '#/components/schemas/EvidenceInput',
              },
            },
          },
        },
        responses: {
          '200': {
            description:
              'A replay of an earlier request with the same key; nothing new was stored.',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/ExperimentEvidence',
                },
              },
            },
          },
          '201': {
            description: 'Stored.',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/ExperimentEvidence',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '404': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '409': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '413': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
    },
    '/waivers': {
      get: {
        operationId: 'ListWaivers',
        tags: ['Waivers'],
        description: 'Waivers, newest request first.',
        parameters: [
          {
            name: 'component',
            in: 'query',
            schema: {
              type: 'string',
              minLength: 1,
              maxLength: 400,
            },
          },
          {
            name: 'checkId',
            in: 'query',
            schema: {
              type: 'string',
              minLength: 1,
              maxLength: 200,
            },
          },
          {
            name: 'state',
            in: 'query',
            schema: {
              type: 'array',
              items: {
                $ref: '#/components/schemas/WaiverState',
              },
            },
          },
          {
            name: 'owner',
            in: 'query',
            schema: {
              type: 'string',
              minLength: 1,
              maxLength: 400,
            },
          },
          {
            name: 'active',
            in: 'query',
            description:
              'Only approved waivers that have not expired (true), or only the others (false).',
            schema: {
              type: 'boolean',
            },
          },
          {
            name: 'expiringWithinDays',
            in: 'query',
            description:
              'Only approved waivers expiring within this many days from now.',
            schema: {
              type: 'integer',
              minimum: 0,
              maximum: 3650,
            },
          },
          {
            $ref: '#/components/parameters/offset',
          },
          {
            $ref: '#/components/parameters/limit',
          },
        ],
        responses: {
          '200': {
            description: 'One page of waivers.',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/WaiverPage',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
      post: {
        operationId: 'RequestWaiver',
        tags: ['Waivers'],
        description:
          'Request a waiver for one check on one component (optionally one cluster).\nNeeds `extension-scorecard.waiver.request`. `expiresAt` must be in the\nfuture and at most `extensionScorecard.waivers.maxDays` (default 180) days\nahead. 409 when an open (requested or active approved) waiver already\ncovers the same component, check and cluster.\n',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                $ref: '#/components/schemas/WaiverInput',
              },
            },
          },
        },
        responses: {
          '201': {
            description: 'Requested.',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/Waiver',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '404': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '409': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
    },
    '/waivers/{waiverId}': {
      get: {
        operationId: 'GetWaiver',
        tags: ['Waivers'],
        description: 'One waiver with its audit trail.',
        parameters: [
          {
            $ref: '#/components/parameters/waiverId',
          },
        ],
        responses: {
          '200': {
            description: 'The waiver.',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/WaiverDetail',
                },
              },
            },
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '404': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
    },
    '/waivers/{waiverId}/approve': {
      post: {
        operationId: 'ApproveWaiver',
        tags: ['Waivers'],
        description:
          "Approve a requested waiver. Needs `extension-scorecard.waiver.approve`; refused\n(403) when the approver is a member of the component's owning group or\nrequested it. 409 unless the waiver is `requested`.\n",
        parameters: [
          {
            $ref: '#/components/parameters/waiverId',
          },
        ],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                $ref: '#/components/schemas/WaiverDecisionInput',
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'Approved.',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/Waiver',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '404': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '409': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
    },
    '/waivers/{waiverId}/reject': {
      post: {
        operationId: 'RejectWaiver',
        tags: ['Waivers'],
        description:
          'Reject a requested waiver. Needs `extension-scorecard.waiver.approve`. A\ncomment is required. 409 unless the waiver is `requested`.\n',
        parameters: [
          {
            $ref: '#/components/parameters/waiverId',
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                allOf: [
                  {
                    $ref: '#/components/schemas/WaiverDecisionInput',
                  },
                  {
                    required: ['comment'],
                  },
                ],
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'Rejected.',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/Waiver',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '404': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '409': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
    },
    '/waivers/{waiverId}/revoke': {
      post: {
        operationId: 'RevokeWaiver',
        tags: ['Waivers'],
        description:
          "Revoke a requested or approved waiver. Allowed with\n`extension-scorecard.waiver.approve`, or with\n`extension-scorecard.waiver.request` for one's own request. 409 when it is\nalready rejected or revoked.\n",
        parameters: [
          {
            $ref: '#/components/parameters/waiverId',
          },
        ],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                $ref: '#/components/schemas/WaiverDecisionInput',
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'Revoked.',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/Waiver',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '404': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '409': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
    },
    '/campaigns': {
      get: {
        operationId: 'ListCampaigns',
        tags: ['Campaigns'],
        description:
          'Campaigns, open first, then by deadline. Each carries its progress in the\nlatest snapshot over the components the caller may see (null before the\nfirst snapshot).\n',
        parameters: [
          {
            name: 'state',
            in: 'query',
            schema: {
              type: 'array',
              items: {
                $ref: '#/components/schemas/CampaignState',
              },
            },
          },
          {
            $ref: '#/components/parameters/offset',
          },
          {
            $ref: '#/components/parameters/limit',
          },
        ],
        responses: {
          '200': {
            description: 'One page of campaigns.',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/CampaignPage',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
      post: {
        operationId: 'CreateCampaign',
        tags: ['Campaigns'],
        description:
          'Start a campaign. Needs `extension-scorecard.campaign.manage`. The deadline\nmust lie after the start, `enforceFrom` (when given) between the start and\nthe deadline and needs goal checks; goal checks must be checks of the\ncatalogue.\n',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                $ref: '#/components/schemas/CampaignInput',
              },
            },
          },
        },
        responses: {
          '201': {
            description: 'Created.',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/Campaign',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '409': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
    },
    '/campaigns/{campaignId}': {
      get: {
        operationId: 'GetCampaign',
        tags: ['Campaigns'],
        description:
          'One campaign with its progress per owning team, its burn-down (one point per\nday from the stored snapshots since its start: the last snapshot of each day)\nand its audit trail.\n',
        parameters: [
          {
            $ref: '#/components/parameters/campaignId',
          },
        ],
        responses: {
          '200': {
            description: 'The campaign.',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/CampaignDetail',
                },
              },
            },
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '404': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
      patch: {
        operationId: 'UpdateCampaign',
        tags: ['Campaigns'],
        description:
          'Change an open campaign (the fields given; `enforceFrom: null` removes the\nenforcement date). Needs `extension-scorecard.campaign.manage`; 409 when it\nis closed. The result must satisfy the rules of a new campaign.\n',
        parameters: [
          {
            $ref: '#/components/parameters/campaignId',
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                $ref: '#/components/schemas/CampaignUpdate',
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'Changed.',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/Campaign',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '404': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '409': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
    },
    '/campaigns/{campaignId}/close': {
      post: {
        operationId: 'CloseCampaign',
        tags: ['Campaigns'],
        description:
          'Close an open campaign (done, or called off): it stops counting, its\nannouncement no longer softens verdicts, it stays readable. Needs\n`extension-scorecard.campaign.manage`; 409 when already closed.\n',
        parameters: [
          {
            $ref: '#/components/parameters/campaignId',
          },
        ],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                $ref: '#/components/schemas/CampaignCloseInput',
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'Closed.',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/Campaign',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '404': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '409': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
    },
    '/campaign-suggestions': {
      get: {
        operationId: 'ListCampaignSuggestions',
        tags: ['Campaigns'],
        description:
          'Prefilled campaigns a lead can adjust and start (`POST /campaigns` with the\ndraft): one per Kubernetes minor the next-minor report finds blockers for,\nand one per check failing on components of at least two teams in the latest\nsnapshot, most teams first. Checks an open campaign already drives are left\nout. Counted over the components the caller may see.\n',
        responses: {
          '200': {
            description: 'The suggestions (empty before the first snapshot).',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/CampaignSuggestionList',
                },
              },
            },
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
    },
    '/campaign-items': {
      get: {
        operationId: 'ListCampaignItems',
        tags: ['Campaigns'],
        description:
          "What components must do for campaigns, in the latest snapshot: one item per\ncomponent in a campaign's scope that its goal concerns, with the results\nstill in the way. Open campaigns only unless `campaign` names one. `team`\ntakes the group's components and, unless `childTeams` is false, those of the\ngroups below it.\n",
        parameters: [
          {
            name: 'campaign',
            in: 'query',
            schema: {
              type: 'string',
              minLength: 1,
              maxLength: 100,
            },
          },
          {
            name: 'team',
            in: 'query',
            schema: {
              type: 'string',
              minLength: 1,
              maxLength: 400,
            },
          },
          {
            name: 'childTeams',
            in: 'query',
            description:
              'With `team`, whether the groups below it count (default true).',
            schema: {
              type: 'boolean',
            },
          },
          {
            name: 'component',
            in: 'query',
            schema: {
              type: 'string',
              minLength: 1,
              maxLength: 400,
            },
          },
          {
            name: 'status',
            in: 'query',
            schema: {
              type: 'array',
              items: {
                $ref: '#/components/schemas/CampaignItemStatus',
              },
            },
          },
          {
            $ref: '#/components/parameters/offset',
          },
          {
            $ref: '#/components/parameters/limit',
          },
        ],
        responses: {
          '200': {
            description: 'One page of items, soonest deadline first.',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/CampaignItemPage',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '404': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
    },
    '/saved-filters': {
      get: {
        operationId: 'ListSavedFilters',
        tags: ['Components'],
        description:
          "The saved filters of the component table, by name: named views every reader\nshares (at most 500). Each says which campaigns' scopes name it and whether a\ncampaign's scope can take it (only filters on what a component is — owner,\nkind, cluster, lifecycle, orphan, search — not on its results).\n",
        responses: {
          '200': {
            description: 'Every saved filter.',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/SavedFilterList',
                },
              },
            },
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
      post: {
        operationId: 'CreateSavedFilter',
        tags: ['Components'],
        description:
          "Save the component table's filters under a name. Needs\n`extension-scorecard.read`; 409 when the name (compared case-insensitively)\nis taken or 500 filters are saved. At least one filter must be given. Saved\nfilters do not change: delete one and save it again.\n",
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                $ref: '#/components/schemas/SavedFilterInput',
              },
            },
          },
        },
        responses: {
          '201': {
            description: 'Saved.',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/SavedFilter',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '409': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
    },
    '/saved-filters/{savedFilterId}': {
      delete: {
        operationId: 'DeleteSavedFilter',
        tags: ['Components'],
        description:
          "Delete a saved filter: its creator may, and whoever holds\n`extension-scorecard.campaign.manage`. 409 while a campaign's scope names it.\n",
        parameters: [
          {
            name: 'savedFilterId',
            in: 'path',
            required: true,
            schema: {
              type: 'string',
              minLength: 1,
              maxLength: 100,
            },
          },
        ],
        responses: {
          '204': {
            description: 'Deleted.',
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '404': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '409': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
    },
    '/refresh': {
      post: {
        operationId: 'TriggerRefresh',
        tags: ['Collection'],
        description:
          'Start a collection run now: every cluster, one cluster, or the clusters of\none component, then a new snapshot. Needs `extension-scorecard.refresh`.\n409 while another run is in progress (its status is in the error message\nand at `GET /refresh`).\n',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                $ref: '#/components/schemas/RefreshInput',
              },
            },
          },
        },
        responses: {
          '202': {
            description: 'Accepted; poll `GET /refresh/{refreshId}`.',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/RefreshStatus',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '404': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '409': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
      get: {
        operationId: 'GetLatestRefresh',
        tags: ['Collection'],
        description:
          'The newest collection run (scheduled or manual), running or finished.',
        responses: {
          '200': {
            description: 'The run, or `null` before the first one.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    run: {
                      oneOf: [
                        {
                          $ref: '#/components/schemas/RefreshStatus',
                        },
                        {
                          type: 'null',
                        },
                      ],
                    },
                  },
                  required: ['run'],
                  additionalProperties: false,
                },
              },
            },
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
    },
    '/refresh/{refreshId}': {
      get: {
        operationId: 'GetRefresh',
        tags: ['Collection'],
        parameters: [
          {
            name: 'refreshId',
            in: 'path',
            required: true,
            schema: {
              type: 'string',
              minLength: 1,
              maxLength: 100,
            },
          },
        ],
        responses: {
          '200': {
            description: 'The run with per-cluster progress.',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/RefreshStatus',
                },
              },
            },
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '404': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
    },
    '/clusters': {
      get: {
        operationId: 'ListClusters',
        tags: ['Collection'],
        description:
          'Configured clusters with their latest collection and stale markers.',
        responses: {
          '200': {
            description: 'Clusters.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    items: {
                      type: 'array',
                      items: {
                        $ref: '#/components/schemas/ClusterStatus',
                      },
                    },
                  },
                  required: ['items'],
                  additionalProperties: false,
                },
              },
            },
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
    },
    '/checks': {
      get: {
        operationId: 'ListChecks',
        tags: ['Components'],
        description:
          'The check catalogue the backend runs (ids, dimensions, kinds, severities, titles).',
        responses: {
          '200': {
            description: 'Checks.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    items: {
                      type: 'array',
                      items: {
                        $ref: '#/components/schemas/CheckDefinition',
                      },
                    },
                  },
                  required: ['items'],
                  additionalProperties: false,
                },
              },
            },
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
    },
    '/reference-data': {
      get: {
        operationId: 'GetReferenceData',
        tags: ['Components'],
        description:
          "The data tables the checks judge against, as in force: the shipped tables with the files of `extensionScorecard.referenceData.directory` layered over them, where each table's rows came from, and the effective thresholds (app-config `extensionScorecard.checks` included). Same permission as /checks.",
        responses: {
          '200': {
            description: 'Reference data in force.',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/ReferenceData',
                },
              },
            },
          },
          '401': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '403': {
            $ref: '#/components/responses/ErrorResponse',
          },
          '404': {
            $ref: '#/components/responses/ErrorResponse',
          },
        },
      },
    },
  },
  components: {
    parameters: {
      snapshot: {
        name: 'snapshot',
        in: 'query',
        description: 'Snapshot id; the latest snapshot when absent.',
        schema: {
          type: 'integer',
          minimum: 1,
        },
      },
      offset: {
        name: 'offset',
        in: 'query',
        schema: {
          type: 'integer',
          minimum: 0,
          maximum: 1000000,
          default: 0,
        },
      },
      limit: {
        name: 'limit',
        in: 'query',
        schema: {
          type: 'integer',
          minimum: 1,
          maximum: 500,
          default: 50,
        },
      },
      componentId: {
        name: 'componentId',
        in: 'path',
        required: true,
        description:
          'Component id, URL-encoded (`component%3Adefault%2Fcert-manager`, `orphan%3A…`).',
        schema: {
          type: 'string',
          minLength: 1,
          maxLength: 400,
        },
      },
      waiverId: {
        name: 'waiverId',
        in: 'path',
        required: true,
        schema: {
          type: 'string',
          minLength: 1,
          maxLength: 100,
        },
      },
      campaignId: {
        name: 'campaignId',
        in: 'path',
        required: true,
        schema: {
          type: 'string',
          minLength: 1,
          maxLength: 100,
        },
      },
      quarter: {
        name: 'quarter',
        in: 'path',
        required: true,
        description: 'A calendar quarter, `YYYY-Qn`.',
        schema: {
          type: 'string',
          pattern: '^[0-9]{4}-Q[1-4]$',
        },
      },
      idempotencyKey: {
        name: 'Idempotency-Key',
        in: 'header',
        required: true,
        description:
          'Client-chosen key (8–200 printable ASCII characters) that makes a retry safe.',
        schema: {
          type: 'string',
          minLength: 8,
          maxLength: 200,
          pattern: '^[\\x21-\\x7e]+$',
        },
      },
    },
    responses: {
      ErrorResponse: {
        description: "An error, in Backstage's error body.",
        content: {
          'application/json': {
            schema: {
              $ref: '#/components/schemas/Error',
            },
          },
        },
      },
    },
    schemas: {
      Error: {
        type: 'object',
        properties: {
          error: {
            type: 'object',
            properties: {
              name: {
                type: 'string',
              },
              message: {
                type: 'string',
              },
            },
            required: ['name', 'message'],
            additionalProperties: false,
          },
          request: {
            type: 'object',
            properties: {
              method: {
                type: 'string',
              },
              url: {
                type: 'string',
              },
            },
            additionalProperties: false,
          },
          response: {
            type: 'object',
            properties: {
              statusCode: {
                type: 'number',
              },
            },
            additionalProperties: false,
          },
        },
        required: ['error'],
        additionalProperties: false,
      },
      ExtensionKind: {
        type: 'string',
        enum: [
          'crd-controller',
          'admission-webhook',
          'admission-policy',
          'aggregated-api',
          'scheduler-plugin',
          'cri-runtime',
          'cni',
          'csi',
          'device-plugin',
          'dra-driver',
        ],
      },
      Dimension: {
        type: 'string',
        enum: [
          'ownership',
          'failure-boundary',
          'availability',
          'certificates',
          'rbac',
          'upgrade',
          'observability',
          'experiments',
          'retirement',
        ],
      },
      CheckStatus: {
        type: 'string',
        enum: ['pass', 'warn', 'fail', 'not-applicable', 'unknown'],
      },
      Severity: {
        type: 'string',
        enum: ['critical', 'high', 'medium', 'low', 'info'],
      },
      ReadinessLevel: {
        type: 'integer',
        enum: [0, 1, 2, 3],
      },
      WaiverState: {
        type: 'string',
        enum: ['requested', 'approved', 'rejected', 'revoked'],
      },
      ExperimentVerdict: {
        type: 'string',
        enum: ['pass', 'fail'],
      },
      ComponentSortField: {
        type: 'string',
        description:
          'Sort key of the component list (`fails` and `warns` count results).',
        enum: [
          'name',
          'kind',
          'owner',
          'level',
          'score',
          'fails',
          'warns',
          'lifecycle',
        ],
      },
      SortOrder: {
        type: 'string',
        enum: ['asc', 'desc'],
      },
      HistoryScope: {
        type: 'string',
        enum: ['fleet', 'component', 'team', 'kind', 'dimension'],
      },
      AuditExportFormat: {
        type: 'string',
        description:
          "`csv`: one row per component and check; `upgrade-csv`: the next-minor upgrade report of the quarter-end snapshot, one row per finding; `campaigns-csv`: the campaigns in force during the quarter, one row per campaign and owning team as they stood at its end; `json`: the report (campaigns included), every component's results and the upgrade report.",
        enum: ['csv', 'json', 'upgrade-csv', 'campaigns-csv'],
      },
      AuditSubjectType: {
        type: 'string',
        enum: ['waiver', 'evidence', 'campaign', 'saved-filter'],
      },
      CampaignState: {
        type: 'string',
        enum: ['open', 'closed'],
      },
      CampaignEnforcement: {
        type: 'string',
        description:
          "`none`: no enforcement date; `announced`: before it (the goal checks' fails count as warn in scope); `enforced`: from it on.",
        enum: ['none', 'announced', 'enforced'],
      },
      CampaignItemStatus: {
        type: 'string',
        description:
          '`done`: the goal holds; `waived`: it holds only thanks to active waivers; `open`: it does not hold.',
        enum: ['open', 'waived', 'done'],
      },
      CampaignGoal: {
        type: 'object',
        description: 'What a component in scope must reach. With both, both.',
        properties: {
          checks: {
            description:
              'Checks whose results must all pass (or not apply) on every cluster.',
            type: 'array',
            items: {
              type: 'string',
              minLength: 1,
              maxLength: 200,
            },
            minItems: 1,
            maxItems: 50,
            uniqueItems: true,
          },
          level: {
            description: 'Readiness level to reach.',
            type: 'integer',
            enum: [1, 2, 3],
          },
        },
        minProperties: 1,
        additionalProperties: false,
      },
      CampaignScope: {
        type: 'object',
        description:
          'Which components the campaign concerns: each given field narrows it (a\ncomponent must match one value of every field given); none given, every\ncomponent. `teams` take the groups below them too.\n',
        properties: {
          kinds: {
            type: 'array',
            items: {
              type: 'string',
              minLength: 1,
              maxLength: 100,
            },
            maxItems: 50,
            uniqueItems: true,
          },
          teams: {
            type: 'array',
            items: {
              type: 'string',
              minLength: 1,
              maxLength: 400,
            },
            maxItems: 100,
            uniqueItems: true,
          },
          clusters: {
            type: 'array',
            items: {
              type: 'string',
              minLength: 1,
              maxLength: 200,
            },
            maxItems: 100,
            uniqueItems: true,
          },
          lifecycles: {
            type: 'array',
            items: {
              type: 'string',
              minLength: 1,
              maxLength: 100,
            },
            maxItems: 20,
            uniqueItems: true,
          },
          components: {
            type: 'array',
            items: {
              type: 'string',
              minLength: 1,
              maxLength: 400,
            },
            maxItems: 500,
            uniqueItems: true,
          },
          savedFilter: {
            type: 'string',
            minLength: 1,
            maxLength: 100,
            description:
              "A saved filter's id: the scope takes the components that filter shows\nin the component table (its owners as they are, not the groups below\nthem), within the other fields given. Only a filter without filters on\nresults (`resultFields` empty) may be named.\n",
          },
        },
        additionalProperties: false,
      },
      SavedFilterFields: {
        type: 'object',
        description:
          "The component table's filters, as the list's query parameters of the same\nnames take them (without snapshot, sort and paging).\n",
        properties: {
          owner: {
            type: 'array',
            items: {
              type: 'string',
              minLength: 1,
              maxLength: 400,
            },
            maxItems: 100,
            uniqueItems: true,
          },
          kind: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/ExtensionKind',
            },
            maxItems: 50,
            uniqueItems: true,
          },
          cluster: {
            type: 'array',
            items: {
              type: 'string',
              minLength: 1,
              maxLength: 200,
            },
            maxItems: 100,
            uniqueItems: true,
          },
          level: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/ReadinessLevel',
            },
            uniqueItems: true,
          },
          failingDimension: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/Dimension',
            },
            uniqueItems: true,
          },
          warningDimension: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/Dimension',
            },
            uniqueItems: true,
          },
          checkId: {
            type: 'string',
            minLength: 1,
            maxLength: 200,
          },
          status: {
            $ref: '#/components/schemas/CheckStatus',
          },
          lifecycle: {
            type: 'array',
            items: {
              type: 'string',
              minLength: 1,
              maxLength: 100,
            },
            maxItems: 20,
            uniqueItems: true,
          },
          orphan: {
            type: 'boolean',
          },
          search: {
            type: 'string',
            minLength: 1,
            maxLength: 200,
          },
        },
        additionalProperties: false,
      },
      SavedFilterInput: {
        type: 'object',
        properties: {
          name: {
            type: 'string',
            minLength: 3,
            maxLength: 100,
          },
          description: {
            type: 'string',
            maxLength: 2000,
          },
          filters: {
            $ref: '#/components/schemas/SavedFilterFields',
          },
        },
        required: ['name', 'filters'],
        additionalProperties: false,
      },
      SavedFilter: {
        type: 'object',
        properties: {
          id: {
            type: 'string',
          },
          name: {
            type: 'string',
          },
          description: {
            type: 'string',
          },
          filters: {
            $ref: '#/components/schemas/SavedFilterFields',
          },
          createdBy: {
            type: 'string',
          },
          createdAt: {
            type: 'string',
            format: 'date-time',
          },
          resultFields: {
            type: 'array',
            description:
              "The filters on results (level, dimensions, check, status) it holds: a\ncampaign's scope cannot take a filter with any (fixing a component would\nmove it out of the scope).\n",
            items: {
              type: 'string',
            },
          },
          campaigns: {
            type: 'array',
            description: 'Ids of the campaigns whose scope names it.',
            items: {
              type: 'string',
            },
          },
        },
        required: [
          'id',
          'name',
          'description',
          'filters',
          'createdBy',
          'createdAt',
          'resultFields',
          'campaigns',
        ],
        additionalProperties: false,
      },
      SavedFilterList: {
        type: 'object',
        properties: {
          items: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/SavedFilter',
            },
          },
        },
        required: ['items'],
        additionalProperties: false,
      },
      CampaignInput: {
        type: 'object',
        properties: {
          title: {
            type: 'string',
            minLength: 3,
            maxLength: 200,
          },
          why: {
            type: 'string',
            maxLength: 20000,
            description: 'Markdown.',
          },
          goal: {
            $ref: '#/components/schemas/CampaignGoal',
          },
          scope: {
            $ref: '#/components/schemas/CampaignScope',
          },
          startsAt: {
            type: 'string',
            format: 'date-time',
          },
          deadline: {
            type: 'string',
            format: 'date-time',
          },
          enforceFrom: {
            type: ['string', 'null'],
            format: 'date-time',
          },
        },
        required: ['title', 'why', 'goal', 'scope', 'startsAt', 'deadline'],
        additionalProperties: false,
      },
      CampaignUpdate: {
        type: 'object',
        properties: {
          title: {
            type: 'string',
            minLength: 3,
            maxLength: 200,
          },
          why: {
            type: 'string',
            maxLength: 20000,
          },
          goal: {
            $ref: '#/components/schemas/CampaignGoal',
          },
          scope: {
            $ref: '#/components/schemas/CampaignScope',
          },
          startsAt: {
            type: 'string',
            format: 'date-time',
          },
          deadline: {
            type: 'string',
            format: 'date-time',
          },
          enforceFrom: {
            type: ['string', 'null'],
            format: 'date-time',
          },
        },
        minProperties: 1,
        additionalProperties: false,
      },
      CampaignCloseInput: {
        type: 'object',
        properties: {
          comment: {
            type: 'string',
            minLength: 1,
            maxLength: 2000,
          },
        },
        additionalProperties: false,
      },
      CampaignCounts: {
        type: 'object',
        description:
          'Components in scope that the goal concerns, by status (inScope = done + waived + open).',
        properties: {
          inScope: {
            type: 'integer',
          },
          done: {
            type: 'integer',
          },
          waived: {
            type: 'integer',
          },
          open: {
            type: 'integer',
          },
        },
        required: ['inScope', 'done', 'waived', 'open'],
        additionalProperties: false,
      },
      CampaignProgress: {
        type: 'object',
        description: "A campaign's counts in the latest snapshot.",
        properties: {
          inScope: {
            type: 'integer',
          },
          done: {
            type: 'integer',
          },
          waived: {
            type: 'integer',
          },
          open: {
            type: 'integer',
          },
          snapshotId: {
            type: 'integer',
          },
          takenAt: {
            type: 'string',
            format: 'date-time',
          },
        },
        required: [
          'inScope',
          'done',
          'waived',
          'open',
          'snapshotId',
          'takenAt',
        ],
        additionalProperties: false,
      },
      CampaignTeamProgress: {
        type: 'object',
        properties: {
          inScope: {
            type: 'integer',
          },
          done: {
            type: 'integer',
          },
          waived: {
            type: 'integer',
          },
          open: {
            type: 'integer',
          },
          team: {
            type: ['string', 'null'],
            description: 'Owning group (null for components without an owner).',
          },
        },
        required: ['inScope', 'done', 'waived', 'open', 'team'],
        additionalProperties: false,
      },
      Campaign: {
        type: 'object',
        properties: {
          id: {
            type: 'string',
          },
          title: {
            type: 'string',
          },
          why: {
            type: 'string',
          },
          goal: {
            $ref: '#/components/schemas/CampaignGoal',
          },
          scope: {
            $ref: '#/components/schemas/CampaignScope',
          },
          startsAt: {
            type: 'string',
            format: 'date-time',
          },
          deadline: {
            type: 'string',
            format: 'date-time',
          },
          enforceFrom: {
            type: ['string', 'null'],
            format: 'date-time',
          },
          state: {
            $ref: '#/components/schemas/CampaignState',
          },
          enforcement: {
            $ref: '#/components/schemas/CampaignEnforcement',
          },
          overdue: {
            type: 'boolean',
            description: 'Open',
            'past its deadline': null,
            'with open items in the latest snapshot.': null,
          },
          createdBy: {
            type: 'string',
          },
          createdAt: {
            type: 'string',
            format: 'date-time',
          },
          updatedBy: {
            type: 'string',
          },
          updatedAt: {
            type: 'string',
            format: 'date-time',
          },
          closedBy: {
            type: ['string', 'null'],
          },
          closedAt: {
            type: ['string', 'null'],
            format: 'date-time',
          },
          closeComment: {
            type: ['string', 'null'],
          },
          progress: {
            oneOf: [
              {
                $ref: '#/components/schemas/CampaignProgress',
              },
              {
                type: 'null',
              },
            ],
          },
        },
        required: [
          'id',
          'title',
          'why',
          'goal',
          'scope',
          'startsAt',
          'deadline',
          'enforceFrom',
          'state',
          'enforcement',
          'overdue',
          'createdBy',
          'createdAt',
          'updatedBy',
          'updatedAt',
          'closedBy',
          'closedAt',
          'closeComment',
          'progress',
        ],
        additionalProperties: false,
      },
      CampaignPage: {
        type: 'object',
        properties: {
          total: {
            type: 'integer',
          },
          offset: {
            type: 'integer',
          },
          limit: {
            type: 'integer',
          },
          items: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/Campaign',
            },
          },
        },
        required: ['total', 'offset', 'limit', 'items'],
        additionalProperties: false,
      },
      CampaignBurndownPoint: {
        type: 'object',
        description: "A campaign's counts in the last snapshot of a day.",
        properties: {
          inScope: {
            type: 'integer',
          },
          done: {
            type: 'integer',
          },
          waived: {
            type: 'integer',
          },
          open: {
            type: 'integer',
          },
          snapshotId: {
            type: 'integer',
          },
          takenAt: {
            type: 'string',
            format: 'date-time',
          },
        },
        required: [
          'inScope',
          'done',
          'waived',
          'open',
          'snapshotId',
          'takenAt',
        ],
        additionalProperties: false,
      },
      CampaignDetail: {
        type: 'object',
        properties: {
          campaign: {
            $ref: '#/components/schemas/Campaign',
          },
          teams: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/CampaignTeamProgress',
            },
          },
          burndown: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/CampaignBurndownPoint',
            },
          },
          trail: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/AuditEvent',
            },
          },
        },
        required: ['campaign', 'teams', 'burndown', 'trail'],
        additionalProperties: false,
      },
      CampaignTodo: {
        type: 'object',
        description: 'A result in the way of the goal.',
        properties: {
          checkId: {
            type: 'string',
          },
          cluster: {
            type: ['string', 'null'],
          },
          status: {
            $ref: '#/components/schemas/CheckStatus',
          },
          severity: {
            $ref: '#/components/schemas/Severity',
          },
          message: {
            type: 'string',
          },
          remediation: {
            type: 'string',
          },
          announced: {
            type: 'boolean',
            description:
              "A fail counted as warn until the campaign's enforcement date.",
          },
          waived: {
            type: 'boolean',
          },
        },
        required: [
          'checkId',
          'cluster',
          'status',
          'severity',
          'message',
          'remediation',
          'announced',
          'waived',
        ],
        additionalProperties: false,
      },
      CampaignItem: {
        type: 'object',
        properties: {
          campaignId: {
            type: 'string',
          },
          campaignTitle: {
            type: 'string',
          },
          deadline: {
            type: 'string',
            format: 'date-time',
          },
          enforceFrom: {
            type: ['string', 'null'],
            format: 'date-time',
          },
          enforcement: {
            $ref: '#/components/schemas/CampaignEnforcement',
          },
          componentId: {
            type: 'string',
          },
          name: {
            type: 'string',
          },
          title: {
            type: ['string', 'null'],
          },
          kind: {
            type: 'string',
          },
          owner: {
            type: ['string', 'null'],
          },
          status: {
            $ref: '#/components/schemas/CampaignItemStatus',
          },
          level: {
            $ref: '#/components/schemas/ReadinessLevel',
          },
          targetLevel: {
            oneOf: [
              {
                type: 'integer',
                enum: [1, 2, 3],
              },
              {
                type: 'null',
              },
            ],
          },
          todo: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/CampaignTodo',
            },
          },
        },
        required: [
          'campaignId',
          'campaignTitle',
          'deadline',
          'enforceFrom',
          'enforcement',
          'componentId',
          'name',
          'title',
          'kind',
          'owner',
          'status',
          'level',
          'targetLevel',
          'todo',
        ],
        additionalProperties: false,
      },
      CampaignItemPage: {
        type: 'object',
        properties: {
          total: {
            type: 'integer',
          },
          offset: {
            type: 'integer',
          },
          limit: {
            type: 'integer',
          },
          items: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/CampaignItem',
            },
          },
        },
        required: ['total', 'offset', 'limit', 'items'],
        additionalProperties: false,
      },
      AuditCampaign: {
        type: 'object',
        description:
          "A campaign as it stood at a snapshot (the quarter's last), over the components the caller may see.",
        properties: {
          id: {
            type: 'string',
          },
          title: {
            type: 'string',
          },
          startsAt: {
            type: 'string',
            format: 'date-time',
          },
          deadline: {
            type: 'string',
            format: 'date-time',
          },
          enforceFrom: {
            type: ['string', 'null'],
            format: 'date-time',
          },
          state: {
            $ref: '#/components/schemas/CampaignState',
          },
          enforcement: {
            $ref: '#/components/schemas/CampaignEnforcement',
          },
          overdue: {
            type: 'boolean',
          },
          inScope: {
            type: 'integer',
          },
          done: {
            type: 'integer',
          },
          waived: {
            type: 'integer',
          },
          open: {
            type: 'integer',
          },
          teams: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/CampaignTeamProgress',
            },
          },
        },
        required: [
          'id',
          'title',
          'startsAt',
          'deadline',
          'enforceFrom',
          'state',
          'enforcement',
          'overdue',
          'inScope',
          'done',
          'waived',
          'open',
          'teams',
        ],
        additionalProperties: false,
      },
      CampaignSuggestion: {
        type: 'object',
        properties: {
          source: {
            type: 'string',
            description:
              '`upgrade`: blockers of the next-minor report; `failing-check`: a check failing across teams.',
            enum: ['upgrade', 'failing-check'],
          },
          reason: {
            type: 'string',
            description: 'Why it is suggested',
            'with the figures.': null,
          },
          teams: {
            type: 'integer',
            description: 'Owning teams concerned.',
          },
          components: {
            type: 'integer',
            description: 'Components concerned.',
          },
          draft: {
            $ref: '#/components/schemas/CampaignInput',
          },
        },
        required: ['source', 'reason', 'teams', 'components', 'draft'],
        additionalProperties: false,
      },
      CampaignSuggestionList: {
        type: 'object',
        properties: {
          items: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/CampaignSuggestion',
            },
          },
        },
        required: ['items'],
        additionalProperties: false,
      },
      CampaignAnnouncement: {
        type: 'object',
        description:
          "This fail counts as warn until the campaign's enforcement date.",
        properties: {
          campaignId: {
            type: 'string',
          },
          title: {
            type: 'string',
          },
          enforceFrom: {
            type: 'string',
            format: 'date-time',
          },
        },
        required: ['campaignId', 'title', 'enforceFrom'],
        additionalProperties: false,
      },
      EvidenceState: {
        type: 'string',
        description: "State of a component's required experiments.",
        enum: ['fresh', 'stale', 'missing', 'not-required'],
      },
      RunTrigger: {
        type: 'string',
        description:
          "What started a collection run: the schedule, someone (manual), the backend's start, or the history import of the first start (`import`: a snapshot of earlier cluster dumps, taken at the time they were read).",
        enum: ['schedule', 'manual', 'startup', 'import'],
      },
      RefreshScope: {
        type: 'string',
        enum: ['all', 'cluster', 'component'],
      },
      RefreshState: {
        type: 'string',
        enum: ['queued', 'running', 'succeeded', 'failed'],
      },
      RefreshPhase: {
        type: 'string',
        enum: ['queued', 'collecting', 'assembling', 'done'],
      },
      ClusterRunState: {
        type: 'string',
        enum: ['pending', 'running', 'succeeded', 'failed', 'skipped'],
      },
      ClusterSource: {
        type: 'string',
        enum: ['live', 'dump'],
      },
      ResourceReadState: {
        type: 'string',
        enum: ['ok', 'forbidden', 'not-served', 'failed'],
      },
      DimensionStatuses: {
        type: 'object',
        description:
          'Worst status per dimension (dimensions without results are absent).',
        properties: {
          ownership: {
            $ref: '#/components/schemas/CheckStatus',
          },
          'failure-boundary': {
            $ref: '#/components/schemas/CheckStatus',
          },
          availability: {
            $ref: '#/components/schemas/CheckStatus',
          },
          certificates: {
            $ref: '#/components/schemas/CheckStatus',
          },
          rbac: {
            $ref: '#/components/schemas/CheckStatus',
          },
          upgrade: {
            $ref: '#/components/schemas/CheckStatus',
          },
          observability: {
            $ref: '#/components/schemas/CheckStatus',
          },
          experiments: {
            $ref: '#/components/schemas/CheckStatus',
          },
          retirement: {
            $ref: '#/components/schemas/CheckStatus',
          },
        },
        additionalProperties: false,
      },
      LevelCounts: {
        type: 'object',
        description: 'Number of components per readiness level.',
        properties: {
          '0': {
            type: 'integer',
          },
          '1': {
            type: 'integer',
          },
          '2': {
            type: 'integer',
          },
          '3': {
            type: 'integer',
          },
        },
        required: ['0', '1', '2', '3'],
        additionalProperties: false,
      },
      StatusCounts: {
        type: 'object',
        description:
          'Number of check results per status; `waived` counts results covered by an active waiver (also counted under their status).',
        properties: {
          pass: {
            type: 'integer',
          },
          warn: {
            type: 'integer',
          },
          fail: {
            type: 'integer',
          },
          notApplicable: {
            type: 'integer',
          },
          unknown: {
            type: 'integer',
          },
          waived: {
            type: 'integer',
          },
        },
        required: [
          'pass',
          'warn',
          'fail',
          'notApplicable',
          'unknown',
          'waived',
        ],
        additionalProperties: false,
      },
      WaiverRef: {
        type: 'object',
        properties: {
          id: {
            type: 'string',
          },
          reason: {
            type: 'string',
          },
          expiresAt: {
            type: 'string',
            format: 'date-time',
          },
          approvedBy: {
            type: ['string', 'null'],
          },
        },
        required: ['id', 'reason', 'expiresAt', 'approvedBy'],
        additionalProperties: false,
      },
      CheckResult: {
        type: 'object',
        properties: {
          checkId: {
            type: 'string',
          },
          dimension: {
            $ref: '#/components/schemas/Dimension',
          },
          severity: {
            $ref: '#/components/schemas/Severity',
          },
          status: {
            $ref: '#/components/schemas/CheckStatus',
          },
          cluster: {
            type: ['string', 'null'],
          },
          message: {
            type: 'string',
          },
          remediation: {
            type: 'string',
          },
          observed: {
            type: 'object',
            additionalProperties: true,
          },
          docsUrl: {
            type: 'string',
          },
          waiver: {
            $ref: '#/components/schemas/WaiverRef',
          },
          announced: {
            $ref: '#/components/schemas/CampaignAnnouncement',
          },
        },
        required: [
          'checkId',
          'dimension',
          'severity',
          'status',
          'cluster',
          'message',
          'remediation',
        ],
        additionalProperties: false,
      },
      CertificateFinding: {
        type: 'object',
        properties: {
          cluster: {
            type: 'string',
          },
          source: {
            type: 'string',
          },
          subject: {
            type: 'string',
          },
          issuer: {
            type: 'string',
          },
          notAfter: {
            type: 'string',
          },
          daysLeft: {
            type: 'number',
          },
          fingerprint: {
            type: 'string',
            description:
              'SHA-256 fingerprint of a certificate parsed from a caBundle (the same certificate in several bundles has the same one).',
          },
          error: {
            type: 'string',
          },
        },
        required: ['cluster', 'source'],
        additionalProperties: false,
      },
      RbacRule: {
        type: 'object',
        properties: {
          apiGroups: {
            type: 'array',
            items: {
              type: 'string',
            },
          },
          resources: {
            type: 'array',
            items: {
              type: 'string',
            },
          },
          verbs: {
            type: 'array',
            items: {
              type: 'string',
            },
          },
        },
        required: ['apiGroups', 'resources', 'verbs'],
        additionalProperties: false,
      },
      RbacFindingCheck: {
        type: 'string',
        description:
          'The RBAC checks that report findings (a dangerous grant each).',
        enum: [
          'rbac.cluster-admin',
          'rbac.wildcards',
          'rbac.secrets',
          'rbac.escalation',
          'rbac.webhook-write',
          'rbac.pod-exec',
        ],
      },
      RbacFinding: {
        type: 'object',
        properties: {
          cluster: {
            type: 'string',
          },
          checkId: {
            $ref: '#/components/schemas/RbacFindingCheck',
          },
          serviceAccount: {
            type: 'string',
          },
          binding: {
            type: 'string',
          },
          role: {
            type: 'string',
          },
          rule: {
            $ref: '#/components/schemas/RbacRule',
          },
          declared: {
            type: 'boolean',
          },
        },
        required: [
          'cluster',
          'checkId',
          'serviceAccount',
          'binding',
          'role',
          'rule',
          'declared',
        ],
        additionalProperties: false,
      },
      BlastRadius: {
        type: 'object',
        properties: {
          cluster: {
            type: 'string',
          },
          name: {
            type: 'string',
          },
          objectKind: {
            type: 'string',
          },
          operations: {
            type: 'array',
            items: {
              type: 'string',
            },
          },
          resources: {
            type: 'array',
            items: {
              type: 'string',
            },
          },
          matchedNamespaces: {
            type: 'array',
            items: {
              type: 'string',
            },
          },
          totalNamespaces: {
            type: 'integer',
          },
          namespacesUnreadable: {
            type: 'string',
            description:
              'Set when the cluster\'s Namespaces (for a scheduler, its Pending Pods) could not be read; `matchedNamespaces` is then empty, not "none".',
          },
          namespaceSelector: {
            type: 'string',
            description:
              'The namespaceSelector as kubectl prints it (`{}` = every namespace).',
          },
          objectSelector: {
            type: 'string',
            description:
              'The objectSelector as kubectl prints it; narrows matches to labelled objects.',
          },
          clusterScoped: {
            type: 'boolean',
          },
          failurePolicy: {
            type: 'string',
            description:
              'What a matched request suffers while the backend is down. Webhooks and policies, their failurePolicy; APIServices and conversion webhooks always `Fail`; a scheduler `Pending` (its Pods wait).',
          },
          timeoutSeconds: {
            type: ['number', 'null'],
          },
          worstCaseLatencySeconds: {
            type: ['number', 'null'],
            description:
              "Webhooks. Seconds one matched request can wait on this webhook and the component's other webhooks matching the same request (`overlappingWebhooks`) - mutating ones are called one after another (twice when reinvoked), validating ones in parallel.",
          },
          overlappingWebhooks: {
            type: 'array',
            items: {
              type: 'string',
            },
            description:
              "Webhooks. The component's other webhooks whose rules match the same requests, counted in `worstCaseLatencySeconds`.",
          },
          reinvoked: {
            type: 'boolean',
            description:
              'Mutating webhooks with reinvocationPolicy IfNeeded (may be called twice per request).',
          },
          groupVersion: {
            type: 'string',
            description:
              'APIServices. The group/version the API server proxies to the backend; while it is unavailable, discovery of the group and every request for it fail.',
          },
          conversion: {
            type: 'object',
            description:
              'CRD conversion webhooks (objectKind CustomResourceDefinition).',
            properties: {
              resource: {
                type: 'string',
                description: 'plural.group',
              },
              servedVersions: {
                type: 'array',
                items: {
                  type: 'string',
                },
              },
              storageVersion: {
                type: ['string', 'null'],
              },
              storedVersions: {
                type: 'array',
                items: {
                  type: 'string',
                },
                description:
                  'Versions objects are still stored in (status.storedVersions).',
              },
            },
            required: [
              'resource',
              'servedVersions',
              'storageVersion',
              'storedVersions',
            ],
            additionalProperties: false,
          },
          schedulerName: {
            type: 'string',
            description:
              'Secondary schedulers (objectKind Scheduler). The name Pods give in spec.schedulerName.',
          },
          pendingPods: {
            type: 'array',
            items: {
              type: 'string',
            },
            description:
              'Secondary schedulers. Pending Pods (namespace/name) naming it; running Pods are not collected.',
          },
        },
        required: [
          'cluster',
          'name',
          'objectKind',
          'operations',
          'resources',
          'matchedNamespaces',
          'totalNamespaces',
          'clusterScoped',
          'failurePolicy',
          'timeoutSeconds',
          'worstCaseLatencySeconds',
        ],
        additionalProperties: false,
      },
      ComponentScorecard: {
        type: 'object',
        description:
          'The evaluation of one component (ComponentScorecard in -common).',
        properties: {
          componentId: {
            type: 'string',
          },
          name: {
            type: 'string',
          },
          kind: {
            $ref: '#/components/schemas/ExtensionKind',
          },
          owner: {
            type: ['string', 'null'],
          },
          lifecycle: {
            type: ['string', 'null'],
          },
          orphan: {
            type: 'boolean',
          },
          clusters: {
            type: 'array',
            items: {
              type: 'string',
            },
          },
          level: {
            $ref: '#/components/schemas/ReadinessLevel',
          },
          score: {
            type: 'number',
            minimum: 0,
            maximum: 100,
          },
          hardGates: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/CheckResult',
            },
          },
          nextLevelBlockers: {
            type: 'array',
            items: {
              type: 'string',
            },
          },
          results: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/CheckResult',
            },
          },
          dimensions: {
            $ref: '#/components/schemas/DimensionStatuses',
          },
          certificates: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/CertificateFinding',
            },
          },
          rbacFindings: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/RbacFinding',
            },
          },
          blastRadius: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/BlastRadius',
            },
          },
        },
        required: [
          'componentId',
          'name',
          'kind',
          'owner',
          'lifecycle',
          'orphan',
          'clusters',
          'level',
          'score',
          'hardGates',
          'nextLevelBlockers',
          'results',
          'dimensions',
          'certificates',
          'rbacFindings',
          'blastRadius',
        ],
        additionalProperties: false,
      },
      ComponentSummary: {
        type: 'object',
        description: 'One row of the component table.',
        properties: {
          componentId: {
            type: 'string',
          },
          name: {
            type: 'string',
          },
          title: {
            type: ['string', 'null'],
          },
          kind: {
            $ref: '#/components/schemas/ExtensionKind',
          },
          owner: {
            type: ['string', 'null'],
          },
          lifecycle: {
            type: ['string', 'null'],
          },
          orphan: {
            type: 'boolean',
          },
          clusters: {
            type: 'array',
            items: {
              type: 'string',
            },
          },
          staleClusters: {
            description:
              "Clusters whose data in this snapshot is a previous run's (their collection failed).",
            type: 'array',
            items: {
              type: 'string',
            },
          },
          level: {
            $ref: '#/components/schemas/ReadinessLevel',
          },
          score: {
            type: 'number',
          },
          hardGateCount: {
            type: 'integer',
          },
          counts: {
            $ref: '#/components/schemas/StatusCounts',
          },
          dimensions: {
            $ref: '#/components/schemas/DimensionStatuses',
          },
          nextLevelBlockers: {
            type: 'array',
            items: {
              type: 'string',
            },
          },
        },
        required: [
          'componentId',
          'name',
          'title',
          'kind',
          'owner',
          'lifecycle',
          'orphan',
          'clusters',
          'staleClusters',
          'level',
          'score',
          'hardGateCount',
          'counts',
          'dimensions',
          'nextLevelBlockers',
        ],
        additionalProperties: false,
      },
      SnapshotRef: {
        type: 'object',
        properties: {
          id: {
            type: 'integer',
          },
          takenAt: {
            type: 'string',
            format: 'date-time',
          },
        },
        required: ['id', 'takenAt'],
        additionalProperties: false,
      },
      ComponentPage: {
        type: 'object',
        properties: {
          snapshot: {
            $ref: '#/components/schemas/SnapshotRef',
          },
          total: {
            type: 'integer',
            description: 'Matching components before paging.',
          },
          offset: {
            type: 'integer',
          },
          limit: {
            type: 'integer',
          },
          items: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/ComponentSummary',
            },
          },
          hiddenByVisibility: {
            type: 'integer',
            minimum: 0,
            description:
              'Components matching the filters that the caller may not see (not in `total`; a count only, never which).',
          },
        },
        required: [
          'snapshot',
          'total',
          'offset',
          'limit',
          'items',
          'hiddenByVisibility',
        ],
        additionalProperties: false,
      },
      ComponentInstance: {
        type: 'object',
        description: 'One extension in one cluster, as the snapshot saw it.',
        properties: {
          cluster: {
            type: 'string',
          },
          stale: {
            type: 'boolean',
            description:
              "The cluster's collection failed; this is its last good data.",
          },
          collectedAt: {
            type: 'string',
            format: 'date-time',
          },
          objects: {
            description: 'The Kubernetes objects making up the instance.',
            type: 'array',
            items: {
              $ref: '#/components/schemas/ObjectRef',
            },
          },
          advertisedResources: {
            type: 'array',
            items: {
              type: 'string',
            },
          },
          schedulerNames: {
            type: 'array',
            items: {
              type: 'string',
            },
          },
        },
        required: [
          'cluster',
          'stale',
          'collectedAt',
          'objects',
          'advertisedResources',
          'schedulerNames',
        ],
        additionalProperties: false,
      },
      ObjectRef: {
        type: 'object',
        properties: {
          apiVersion: {
            type: 'string',
          },
          kind: {
            type: 'string',
          },
          namespace: {
            type: 'string',
          },
          name: {
            type: 'string',
          },
        },
        required: ['apiVersion', 'kind', 'name'],
        additionalProperties: false,
      },
      HistoryPoint: {
        type: 'object',
        description:
          "One snapshot's figures for the series' subject. `counts` are check results\nper status, except in a dimension series, where they are components by their\nworst status in that dimension (and `waived` stays 0).\n",
        properties: {
          snapshotId: {
            type: 'integer',
          },
          takenAt: {
            type: 'string',
            format: 'date-time',
          },
          components: {
            type: 'integer',
            description: 'Components counted (1 for a component series).',
          },
          levels: {
            $ref: '#/components/schemas/LevelCounts',
          },
          averageScore: {
            type: 'number',
          },
          counts: {
            $ref: '#/components/schemas/StatusCounts',
          },
          dimensions: {
            description:
              'For component series, the worst status per dimension.',
            $ref: '#/components/schemas/DimensionStatuses',
          },
        },
        required: [
          'snapshotId',
          'takenAt',
          'components',
          'levels',
          'averageScore',
          'counts',
        ],
        additionalProperties: false,
      },
      HistorySeries: {
        type: 'object',
        properties: {
          scope: {
            $ref: '#/components/schemas/HistoryScope',
          },
          key: {
            type: ['string', 'null'],
          },
          points: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/HistoryPoint',
            },
          },
        },
        required: ['scope', 'key', 'points'],
        additionalProperties: false,
      },
      ComponentDetail: {
        type: 'object',
        properties: {
          snapshot: {
            $ref: '#/components/schemas/SnapshotRef',
          },
          scorecard: {
            $ref: '#/components/schemas/ComponentScorecard',
          },
          title: {
            type: ['string', 'null'],
          },
          staleClusters: {
            type: 'array',
            items: {
              type: 'string',
            },
          },
          instances: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/ComponentInstance',
            },
          },
          evidence: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/ExperimentEvidence',
            },
          },
          waivers: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/Waiver',
            },
          },
          history: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/HistoryPoint',
            },
          },
          designRecord: {
            description:
              'The design record the catalog entity declares in spec.extension, as of this snapshot; null for orphans, entities without spec.extension, and snapshots written before it was kept.',
            oneOf: [
              {
                $ref: '#/components/schemas/DesignRecord',
              },
              {
                type: 'null',
              },
            ],
          },
        },
        required: [
          'snapshot',
          'scorecard',
          'title',
          'staleClusters',
          'instances',
          'evidence',
          'waivers',
          'history',
          'designRecord',
        ],
        additionalProperties: false,
      },
      DesignRecord: {
        type: 'object',
        description:
          "A team's answers to the six questions (spec.extension of the catalog entity). Absent fields are unanswered.",
        properties: {
          whyNotBuiltIn: {
            type: 'string',
            description:
              'Q1, why a built-in API, policy or controller cannot express the need.',
          },
          whyNotCrd: {
            type: 'string',
            description:
              'Q1 for aggregated APIs, why not a CRD + CEL + controller.',
          },
          path: {
            type: 'string',
            enum: [
              'sync-api',
              'async-control',
              'scheduling',
              'node',
              'data-plane',
            ],
            description: 'Q2, the path it sits on.',
          },
          failureImpact: {
            type: 'string',
            description:
              'Q3, whether a failure blocks new changes or hurts running workloads.',
          },
          observability: {
            type: 'string',
            description:
              'Q4, how status, Events, metrics and logs locate the failing stage.',
          },
          rollout: {
            type: 'string',
            description:
              'Q5, canary, side by side, rollback and version compatibility.',
          },
          responsibilities: {
            type: 'object',
            description: 'Q6, named owners (entity refs) per responsibility.',
            properties: {
              certificates: {
                type: 'string',
              },
              rbac: {
                type: 'string',
              },
              capacity: {
                type: 'string',
              },
              upgrades: {
                type: 'string',
              },
              retirement: {
                type: 'string',
              },
            },
            additionalProperties: false,
          },
          kubernetesVersions: {
            type: 'string',
            description: 'Supported Kubernetes versions, a semver range.',
          },
          supportEnds: {
            type: 'string',
            description:
              'ISO date the component version stops being supported.',
          },
          migration: {
            type: 'object',
            properties: {
              replacement: {
                type: 'string',
              },
              owner: {
                type: 'string',
              },
              targetDate: {
                type: 'string',
              },
            },
            additionalProperties: false,
          },
        },
        required: ['responsibilities'],
        additionalProperties: false,
      },
      TeamSummary: {
        type: 'object',
        properties: {
          owner: {
            type: ['string', 'null'],
            description: 'Owner ref; null for orphans.',
          },
          components: {
            type: 'integer',
          },
          levels: {
            $ref: '#/components/schemas/LevelCounts',
          },
          averageScore: {
            type: 'number',
          },
          hardGates: {
            type: 'integer',
            description: 'Components with at least one critical fail.',
          },
          failing: {
            type: 'integer',
            description: 'Components with at least one fail.',
          },
          counts: {
            $ref: '#/components/schemas/StatusCounts',
          },
          byKind: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                kind: {
                  $ref: '#/components/schemas/ExtensionKind',
                },
                components: {
                  type: 'integer',
                },
              },
              required: ['kind', 'components'],
              additionalProperties: false,
            },
          },
        },
        required: [
          'owner',
          'components',
          'levels',
          'averageScore',
          'hardGates',
          'failing',
          'counts',
          'byKind',
        ],
        additionalProperties: false,
      },
      TeamSummaryList: {
        type: 'object',
        properties: {
          snapshot: {
            $ref: '#/components/schemas/SnapshotRef',
          },
          items: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/TeamSummary',
            },
          },
          hiddenByVisibility: {
            type: 'integer',
            minimum: 0,
            description:
              'Components of the requested owners (all owners when none is given) that the caller may not see and that no summary counts.',
          },
        },
        required: ['snapshot', 'items', 'hiddenByVisibility'],
        additionalProperties: false,
      },
      HeatmapCell: {
        type: 'object',
        properties: {
          kind: {
            $ref: '#/components/schemas/ExtensionKind',
          },
          dimension: {
            $ref: '#/components/schemas/Dimension',
          },
          total: {
            type: 'integer',
            description:
              'Components of the kind with a result in the dimension.',
          },
          fail: {
            type: 'integer',
          },
          warn: {
            type: 'integer',
          },
          pass: {
            type: 'integer',
          },
          unknown: {
            type: 'integer',
          },
          notApplicable: {
            type: 'integer',
          },
          failShare: {
            type: 'number',
            minimum: 0,
            maximum: 1,
          },
          warnShare: {
            type: 'number',
            minimum: 0,
            maximum: 1,
          },
          passShare: {
            type: 'number',
            minimum: 0,
            maximum: 1,
          },
          unknownShare: {
            type: 'number',
            minimum: 0,
            maximum: 1,
          },
        },
        required: [
          'kind',
          'dimension',
          'total',
          'fail',
          'warn',
          'pass',
          'unknown',
          'notApplicable',
          'failShare',
          'warnShare',
          'passShare',
          'unknownShare',
        ],
        additionalProperties: false,
      },
      Heatmap: {
        type: 'object',
        properties: {
          snapshot: {
            $ref: '#/components/schemas/SnapshotRef',
          },
          kinds: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                kind: {
                  $ref: '#/components/schemas/ExtensionKind',
                },
                components: {
                  type: 'integer',
                },
              },
              required: ['kind', 'components'],
              additionalProperties: false,
            },
          },
          dimensions: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/Dimension',
            },
          },
          cells: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/HeatmapCell',
            },
          },
          hiddenByVisibility: {
            type: 'integer',
            minimum: 0,
            description:
              'Components matching the filters that the caller may not see and that no cell counts.',
          },
        },
        required: [
          'snapshot',
          'kinds',
          'dimensions',
          'cells',
          'hiddenByVisibility',
        ],
        additionalProperties: false,
      },
      ClusterRunStatus: {
        type: 'object',
        properties: {
          cluster: {
            type: 'string',
          },
          state: {
            $ref: '#/components/schemas/ClusterRunState',
          },
          startedAt: {
            type: ['string', 'null'],
            format: 'date-time',
          },
          finishedAt: {
            type: ['string', 'null'],
            format: 'date-time',
          },
          objectCount: {
            type: ['integer', 'null'],
          },
          error: {
            type: ['string', 'null'],
          },
        },
        required: [
          'cluster',
          'state',
          'startedAt',
          'finishedAt',
          'objectCount',
          'error',
        ],
        additionalProperties: false,
      },
      RefreshStatus: {
        type: 'object',
        properties: {
          id: {
            type: 'string',
          },
          trigger: {
            $ref: '#/components/schemas/RunTrigger',
          },
          scope: {
            $ref: '#/components/schemas/RefreshScope',
          },
          target: {
            type: ['string', 'null'],
            description: 'The cluster or component of a scoped run.',
          },
          requestedBy: {
            type: ['string', 'null'],
          },
          state: {
            $ref: '#/components/schemas/RefreshState',
          },
          phase: {
            $ref: '#/components/schemas/RefreshPhase',
          },
          createdAt: {
            type: 'string',
            format: 'date-time',
          },
          startedAt: {
            type: ['string', 'null'],
            format: 'date-time',
          },
          finishedAt: {
            type: ['string', 'null'],
            format: 'date-time',
          },
          clusters: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/ClusterRunStatus',
            },
          },
          snapshotId: {
            type: ['integer', 'null'],
          },
          error: {
            type: ['string', 'null'],
          },
        },
        required: [
          'id',
          'trigger',
          'scope',
          'target',
          'requestedBy',
          'state',
          'phase',
          'createdAt',
          'startedAt',
          'finishedAt',
          'clusters',
          'snapshotId',
          'error',
        ],
        additionalProperties: false,
      },
      RefreshInput: {
        type: 'object',
        properties: {
          scope: {
            $ref: '#/components/schemas/RefreshScope',
          },
          cluster: {
            type: 'string',
            minLength: 1,
            maxLength: 200,
          },
          componentId: {
            type: 'string',
            minLength: 1,
            maxLength: 400,
          },
        },
        required: ['scope'],
        additionalProperties: false,
      },
      ResourceReadStatus: {
        type: 'object',
        properties: {
          resource: {
            type: 'string',
          },
          state: {
            $ref: '#/components/schemas/ResourceReadState',
          },
          reason: {
            type: 'string',
          },
        },
        required: ['resource', 'state'],
        additionalProperties: false,
      },
      ClusterStatus: {
        type: 'object',
        properties: {
          name: {
            type: 'string',
          },
          source: {
            $ref: '#/components/schemas/ClusterSource',
          },
          version: {
            type: ['string', 'null'],
            description: 'Kubernetes gitVersion.',
          },
          lastAttemptAt: {
            type: ['string', 'null'],
            format: 'date-time',
          },
          lastSuccessAt: {
            type: ['string', 'null'],
            format: 'date-time',
          },
          stale: {
            type: 'boolean',
            description:
              'The latest attempt failed; snapshots use the last good data.',
          },
          error: {
            type: ['string', 'null'],
          },
          objectCount: {
            type: ['integer', 'null'],
          },
          unreadable: {
            description:
              'Resources that could not be read in the latest successful collection.',
            type: 'array',
            items: {
              $ref: '#/components/schemas/ResourceReadStatus',
            },
          },
          locator: {
            type: ['string', 'null'],
            description:
              "Where the cluster was found: `config`, `catalog`, `gke`, `localKubectlProxy` (the Kubernetes plugin's cluster locators), `extensionScorecard` (extensionScorecard.clusters) or `dump`. Null for a cluster with stored data that is no longer located (it is left out of new snapshots).",
          },
          authProvider: {
            type: ['string', 'null'],
            description:
              'The auth provider of a live cluster (`serviceAccount`, `aws`, `googleServiceAccount`, `azure`, …).',
          },
          blockedReason: {
            type: ['string', 'null'],
            description:
              'Why the background collector cannot read this cluster at all (an auth provider that needs a signed-in user, a refused catalog URL), with what to configure instead. Null when it can be collected.',
          },
        },
        required: [
          'name',
          'source',
          'version',
          'lastAttemptAt',
          'lastSuccessAt',
          'stale',
          'error',
          'objectCount',
          'unreadable',
          'locator',
          'authProvider',
          'blockedReason',
        ],
        additionalProperties: false,
      },
      Snapshot: {
        type: 'object',
        properties: {
          id: {
            type: 'integer',
          },
          takenAt: {
            type: 'string',
            format: 'date-time',
          },
          trigger: {
            $ref: '#/components/schemas/RunTrigger',
          },
          refreshId: {
            type: ['string', 'null'],
          },
          componentCount: {
            type: 'integer',
          },
          clusters: {
            type: 'array',
            items: {
              type: 'string',
            },
          },
          staleClusters: {
            type: 'array',
            items: {
              type: 'string',
            },
          },
          levels: {
            $ref: '#/components/schemas/LevelCounts',
          },
          counts: {
            $ref: '#/components/schemas/StatusCounts',
          },
          averageScore: {
            type: 'number',
          },
          quarterEnd: {
            type: 'boolean',
            description:
              'The last snapshot of its calendar quarter (kept forever).',
          },
        },
        required: [
          'id',
          'takenAt',
          'trigger',
          'refreshId',
          'componentCount',
          'clusters',
          'staleClusters',
          'levels',
          'counts',
          'averageScore',
          'quarterEnd',
        ],
        additionalProperties: false,
      },
      SnapshotPage: {
        type: 'object',
        properties: {
          total: {
            type: 'integer',
          },
          offset: {
            type: 'integer',
          },
          limit: {
            type: 'integer',
          },
          items: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/Snapshot',
            },
          },
        },
        required: ['total', 'offset', 'limit', 'items'],
        additionalProperties: false,
      },
      ComponentRef: {
        type: 'object',
        properties: {
          componentId: {
            type: 'string',
          },
          name: {
            type: 'string',
          },
          kind: {
            $ref: '#/components/schemas/ExtensionKind',
          },
          owner: {
            type: ['string', 'null'],
          },
        },
        required: ['componentId', 'name', 'kind', 'owner'],
        additionalProperties: false,
      },
      LevelChange: {
        type: 'object',
        properties: {
          componentId: {
            type: 'string',
          },
          name: {
            type: 'string',
          },
          kind: {
            $ref: '#/components/schemas/ExtensionKind',
          },
          owner: {
            type: ['string', 'null'],
          },
          from: {
            $ref: '#/components/schemas/ReadinessLevel',
          },
          to: {
            $ref: '#/components/schemas/ReadinessLevel',
          },
          scoreFrom: {
            type: 'number',
          },
          scoreTo: {
            type: 'number',
          },
        },
        required: [
          'componentId',
          'name',
          'kind',
          'owner',
          'from',
          'to',
          'scoreFrom',
          'scoreTo',
        ],
        additionalProperties: false,
      },
      CheckChange: {
        type: 'object',
        properties: {
          componentId: {
            type: 'string',
          },
          name: {
            type: 'string',
          },
          owner: {
            type: ['string', 'null'],
          },
          checkId: {
            type: 'string',
          },
          dimension: {
            $ref: '#/components/schemas/Dimension',
          },
          cluster: {
            type: ['string', 'null'],
          },
          from: {
            oneOf: [
              {
                $ref: '#/components/schemas/CheckStatus',
              },
              {
                type: 'null',
              },
            ],
          },
          to: {
            oneOf: [
              {
                $ref: '#/components/schemas/CheckStatus',
              },
              {
                type: 'null',
              },
            ],
          },
          message: {
            type: 'string',
            description: 'The message of the newer result.',
          },
        },
        required: [
          'componentId',
          'name',
          'owner',
          'checkId',
          'dimension',
          'cluster',
          'from',
          'to',
          'message',
        ],
        additionalProperties: false,
      },
      SnapshotDiff: {
        type: 'object',
        properties: {
          from: {
            $ref: '#/components/schemas/SnapshotRef',
          },
          to: {
            $ref: '#/components/schemas/SnapshotRef',
          },
          added: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/ComponentRef',
            },
          },
          removed: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/ComponentRef',
            },
          },
          levelChanges: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/LevelChange',
            },
          },
          better: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/CheckChange',
            },
          },
          worse: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/CheckChange',
            },
          },
          unchangedComponents: {
            type: 'integer',
          },
        },
        required: [
          'from',
          'to',
          'added',
          'removed',
          'levelChanges',
          'better',
          'worse',
          'unchangedComponents',
        ],
        additionalProperties: false,
      },
      AuditQuarter: {
        type: 'object',
        properties: {
          quarter: {
            type: 'string',
          },
          snapshot: {
            $ref: '#/components/schemas/SnapshotRef',
          },
          complete: {
            type: 'boolean',
            description:
              'The quarter has ended; its snapshot is the quarter-end one.',
          },
        },
        required: ['quarter', 'snapshot', 'complete'],
        additionalProperties: false,
      },
      AuditGroup: {
        type: 'object',
        description: 'The audit figures of one team or one kind.',
        properties: {
          key: {
            type: ['string', 'null'],
            description:
              'Owner ref or kind id; null groups orphans in the team table.',
          },
          components: {
            type: 'integer',
          },
          levels: {
            $ref: '#/components/schemas/LevelCounts',
          },
          averageScore: {
            type: 'number',
          },
          criticalFails: {
            type: 'integer',
            description: 'Results failing a critical check.',
          },
          orphans: {
            type: 'integer',
          },
          waiversUsed: {
            type: 'integer',
            description:
              'Approved waivers in force at some time in the quarter.',
          },
          waiversExpired: {
            type: 'integer',
            description: 'Approved waivers that expired in the quarter.',
          },
          retirementsDue: {
            type: 'integer',
          },
          evidence: {
            $ref: '#/components/schemas/EvidenceStateCounts',
          },
          previous: {
            description:
              "The same group at the previous quarter's snapshot; null when absent.",
            oneOf: [
              {
                type: 'null',
              },
              {
                type: 'object',
                properties: {
                  components: {
                    type: 'integer',
                  },
                  levels: {
                    $ref: '#/components/schemas/LevelCounts',
                  },
                  averageScore: {
                    type: 'number',
                  },
                },
                required: ['components', 'levels', 'averageScore'],
                additionalProperties: false,
              },
            ],
          },
          improved: {
            type: 'integer',
            description:
              'Components whose level rose since the previous quarter.',
          },
          regressed: {
            type: 'integer',
            description:
              'Components whose level dropped since the previous quarter.',
          },
        },
        required: [
          'key',
          'components',
          'levels',
          'averageScore',
          'criticalFails',
          'orphans',
          'waiversUsed',
          'waiversExpired',
          'retirementsDue',
          'evidence',
          'previous',
          'improved',
          'regressed',
        ],
        additionalProperties: false,
      },
      EvidenceStateCounts: {
        type: 'object',
        description: 'Components by the state of their required experiments.',
        properties: {
          fresh: {
            type: 'integer',
          },
          stale: {
            type: 'integer',
          },
          missing: {
            type: 'integer',
          },
          notRequired: {
            type: 'integer',
          },
        },
        required: ['fresh', 'stale', 'missing', 'notRequired'],
        additionalProperties: false,
      },
      CriticalFail: {
        type: 'object',
        properties: {
          componentId: {
            type: 'string',
          },
          name: {
            type: 'string',
          },
          kind: {
            $ref: '#/components/schemas/ExtensionKind',
          },
          owner: {
            type: ['string', 'null'],
          },
          checkId: {
            type: 'string',
          },
          cluster: {
            type: ['string', 'null'],
          },
          message: {
            type: 'string',
          },
        },
        required: [
          'componentId',
          'name',
          'kind',
          'owner',
          'checkId',
          'cluster',
          'message',
        ],
        additionalProperties: false,
      },
      RetirementDue: {
        type: 'object',
        properties: {
          componentId: {
            type: 'string',
          },
          name: {
            type: 'string',
          },
          kind: {
            $ref: '#/components/schemas/ExtensionKind',
          },
          owner: {
            type: ['string', 'null'],
          },
          lifecycle: {
            type: ['string', 'null'],
          },
          checkId: {
            type: 'string',
          },
          status: {
            $ref: '#/components/schemas/CheckStatus',
          },
          message: {
            type: 'string',
          },
          targetDate: {
            type: ['string', 'null'],
          },
        },
        required: [
          'componentId',
          'name',
          'kind',
          'owner',
          'lifecycle',
          'checkId',
          'status',
          'message',
          'targetDate',
        ],
        additionalProperties: false,
      },
      EvidenceFreshness: {
        type: 'object',
        properties: {
          componentId: {
            type: 'string',
          },
          name: {
            type: 'string',
          },
          kind: {
            $ref: '#/components/schemas/ExtensionKind',
          },
          owner: {
            type: ['string', 'null'],
          },
          state: {
            $ref: '#/components/schemas/EvidenceState',
          },
          newestRunAt: {
            type: ['string', 'null'],
            format: 'date-time',
          },
          ageDays: {
            type: ['number', 'null'],
          },
          message: {
            type: 'string',
          },
        },
        required: [
          'componentId',
          'name',
          'kind',
          'owner',
          'state',
          'newestRunAt',
          'ageDays',
          'message',
        ],
        additionalProperties: false,
      },
      AuditReport: {
        type: 'object',
        properties: {
          quarter: {
            type: 'string',
          },
          complete: {
            type: 'boolean',
          },
          generatedAt: {
            type: 'string',
            format: 'date-time',
          },
          snapshot: {
            $ref: '#/components/schemas/SnapshotRef',
          },
          previousQuarter: {
            type: 'string',
          },
          previousSnapshot: {
            oneOf: [
              {
                $ref: '#/components/schemas/SnapshotRef',
              },
              {
                type: 'null',
              },
            ],
          },
          totals: {
            $ref: '#/components/schemas/AuditGroup',
          },
          byTeam: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/AuditGroup',
            },
          },
          byKind: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/AuditGroup',
            },
          },
          criticalFails: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/CriticalFail',
            },
          },
          orphans: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/ComponentRef',
            },
          },
          waiversUsed: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/Waiver',
            },
          },
          waiversExpired: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/Waiver',
            },
          },
          retirementsDue: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/RetirementDue',
            },
          },
          evidenceFreshness: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/EvidenceFreshness',
            },
          },
          changes: {
            type: 'object',
            description:
              "Since the previous quarter's snapshot (empty lists when there is none).",
            properties: {
              added: {
                type: 'array',
                items: {
                  $ref: '#/components/schemas/ComponentRef',
                },
              },
              removed: {
                type: 'array',
                items: {
                  $ref: '#/components/schemas/ComponentRef',
                },
              },
              improved: {
                type: 'array',
                items: {
                  $ref: '#/components/schemas/LevelChange',
                },
              },
              regressed: {
                type: 'array',
                items: {
                  $ref: '#/components/schemas/LevelChange',
                },
              },
            },
            required: ['added', 'removed', 'improved', 'regressed'],
            additionalProperties: false,
          },
          hiddenByVisibility: {
            type: 'integer',
            minimum: 0,
            description:
              "Components of the quarter's snapshot that the caller may not see (no figure or list above counts them).",
          },
          campaigns: {
            description:
              'The campaigns in force during the quarter, as they stood in its last snapshot.',
            type: 'array',
            items: {
              $ref: '#/components/schemas/AuditCampaign',
            },
          },
        },
        required: [
          'quarter',
          'complete',
          'generatedAt',
          'snapshot',
          'previousQuarter',
          'previousSnapshot',
          'totals',
          'byTeam',
          'byKind',
          'criticalFails',
          'orphans',
          'waiversUsed',
          'waiversExpired',
          'retirementsDue',
          'evidenceFreshness',
          'changes',
          'hiddenByVisibility',
          'campaigns',
        ],
        additionalProperties: false,
      },
      UpgradeFindingSeverity: {
        type: 'string',
        description:
          '`blocker`: the cluster cannot move to the target minor until it is fixed; `warning`: deprecated or due in a later minor; `unknown`: could not be judged (the reason says why).',
        enum: ['blocker', 'warning', 'unknown'],
      },
      UpgradeFindingCategory: {
        type: 'string',
        enum: [
          'removed-api',
          'deprecated-api',
          'requested-api',
          'crd-storage-migration',
          'crd-deprecated-version',
          'admission-review-version',
          'version-skew',
          'csi-sidecar',
          'dra-api',
        ],
      },
      UpgradeFindingSource: {
        type: 'string',
        description:
          "Where the finding was seen: `object` (the apiVersion the object was read in),\n`last-applied-configuration` (the kubectl annotation), `managed-fields`\n(a field manager writing through that version), `apiserver-metric`\n(`apiserver_requested_deprecated_apis`), `crd-status` (`status.storedVersions`),\n`crd-spec` (served versions marked deprecated), `webhook-configuration`,\n`node-status` (kubelet versions), `container-image` (image tags),\n`descriptor` (the catalog's declared Kubernetes range), `check` (a check's\nverdict at the target minor).\n",
        enum: [
          'object',
          'last-applied-configuration',
          'managed-fields',
          'apiserver-metric',
          'crd-status',
          'crd-spec',
          'webhook-configuration',
          'node-status',
          'container-image',
          'descriptor',
          'check',
        ],
      },
      UpgradeFinding: {
        type: 'object',
        properties: {
          severity: {
            $ref: '#/components/schemas/UpgradeFindingSeverity',
          },
          category: {
            $ref: '#/components/schemas/UpgradeFindingCategory',
          },
          checkId: {
            type: ['string', 'null'],
          },
          componentId: {
            type: ['string', 'null'],
          },
          componentName: {
            type: ['string', 'null'],
          },
          owner: {
            type: ['string', 'null'],
          },
          object: {
            type: ['string', 'null'],
            description:
              '`Kind namespace/name` (cluster-scoped: `Kind name`); for metric findings the group/version/resource.',
          },
          apiVersion: {
            type: ['string', 'null'],
          },
          source: {
            $ref: '#/components/schemas/UpgradeFindingSource',
          },
          sourceDetail: {
            type: ['string', 'null'],
            description:
              'The field manager, the metric series or the image that revealed it.',
          },
          removedIn: {
            type: ['string', 'null'],
          },
          replacement: {
            type: ['string', 'null'],
          },
          message: {
            type: 'string',
          },
        },
        required: [
          'severity',
          'category',
          'checkId',
          'componentId',
          'componentName',
          'owner',
          'object',
          'apiVersion',
          'source',
          'sourceDetail',
          'removedIn',
          'replacement',
          'message',
        ],
        additionalProperties: false,
      },
      UpgradeSourceStatus: {
        type: 'object',
        description:
          'Whether a source of evidence could be read in this cluster.',
        properties: {
          source: {
            $ref: '#/components/schemas/UpgradeFindingSource',
          },
          state: {
            type: 'string',
            enum: ['read', 'unavailable'],
          },
          reason: {
            type: ['string', 'null'],
          },
        },
        required: ['source', 'state', 'reason'],
        additionalProperties: false,
      },
      ClusterUpgradeReadiness: {
        type: 'object',
        properties: {
          cluster: {
            type: 'string',
          },
          currentVersion: {
            type: ['string', 'null'],
            description:
              "The cluster's minor (`1.31`), null when its version was not read.",
          },
          targetVersion: {
            type: ['string', 'null'],
          },
          state: {
            type: 'string',
            enum: ['ready', 'blocked', 'unknown'],
          },
          reason: {
            type: ['string', 'null'],
            description:
              'Why the state is `unknown`, or that the data is stale.',
          },
          blockers: {
            type: 'integer',
          },
          warnings: {
            type: 'integer',
          },
          unknowns: {
            type: 'integer',
          },
          sources: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/UpgradeSourceStatus',
            },
          },
          findings: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/UpgradeFinding',
            },
          },
        },
        required: [
          'cluster',
          'currentVersion',
          'targetVersion',
          'state',
          'reason',
          'blockers',
          'warnings',
          'unknowns',
          'sources',
          'findings',
        ],
        additionalProperties: false,
      },
      TeamUpgradeReadiness: {
        type: 'object',
        properties: {
          owner: {
            type: ['string', 'null'],
            description: 'Owner entity ref; null: orphans.',
          },
          blockers: {
            type: 'integer',
          },
          warnings: {
            type: 'integer',
          },
          unknowns: {
            type: 'integer',
          },
          clusters: {
            type: 'array',
            description: 'Clusters where this team has findings.',
            items: {
              type: 'string',
            },
          },
        },
        required: ['owner', 'blockers', 'warnings', 'unknowns', 'clusters'],
        additionalProperties: false,
      },
      UpgradeReadinessReport: {
        type: 'object',
        properties: {
          snapshot: {
            type: ['integer', 'null'],
            description: 'Null: no snapshot yet.',
          },
          takenAt: {
            type: ['string', 'null'],
            format: 'date-time',
          },
          clusters: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/ClusterUpgradeReadiness',
            },
          },
          teams: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/TeamUpgradeReadiness',
            },
          },
          hiddenFindings: {
            type: 'integer',
            description:
              'Findings of components the caller may not see (left out above).',
          },
        },
        required: [
          'snapshot',
          'takenAt',
          'clusters',
          'teams',
          'hiddenFindings',
        ],
        additionalProperties: false,
      },
      AuditExport: {
        type: 'object',
        properties: {
          report: {
            $ref: '#/components/schemas/AuditReport',
          },
          components: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/ComponentScorecard',
            },
          },
          upgradeReadiness: {
            $ref: '#/components/schemas/UpgradeReadinessReport',
          },
        },
        required: ['report', 'components', 'upgradeReadiness'],
        additionalProperties: false,
      },
      ExperimentEvidence: {
        type: 'object',
        properties: {
          id: {
            type: 'string',
          },
          component: {
            type: 'string',
          },
          cluster: {
            type: 'string',
          },
          scenario: {
            type: 'string',
          },
          tool: {
            type: 'string',
          },
          startedAt: {
            type: 'string',
            format: 'date-time',
          },
          injectedAt: {
            type: 'string',
            format: 'date-time',
          },
          recoveredAt: {
            type: 'string',
            format: 'date-time',
          },
          verdict: {
            $ref: '#/components/schemas/ExperimentVerdict',
          },
          observations: {
            type: 'object',
            additionalProperties: true,
          },
          links: {
            type: 'array',
            items: {
              type: 'string',
            },
          },
          submittedBy: {
            type: 'string',
          },
          submittedAt: {
            type: 'string',
            format: 'date-time',
          },
        },
        required: [
          'id',
          'component',
          'cluster',
          'scenario',
          'tool',
          'startedAt',
          'verdict',
          'observations',
          'links',
          'submittedBy',
          'submittedAt',
        ],
        additionalProperties: false,
      },
      EvidenceInput: {
        type: 'object',
        description: 'A fault-experiment record. `submittedBy` is the caller.',
        properties: {
          component: {
            type: 'string',
            minLength: 1,
            maxLength: 400,
          },
          cluster: {
            type: 'string',
            minLength: 1,
            maxLength: 200,
          },
          scenario: {
            type: 'string',
            minLength: 1,
            maxLength: 200,
            pattern: '^[a-z0-9][a-z0-9.-]*$',
          },
          tool: {
            type: 'string',
            minLength: 1,
            maxLength: 100,
            default: 'manual',
          },
          startedAt: {
            type: 'string',
            format: 'date-time',
          },
          injectedAt: {
            type: 'string',
            format: 'date-time',
          },
          recoveredAt: {
            type: 'string',
            format: 'date-time',
          },
          verdict: {
            $ref: '#/components/schemas/ExperimentVerdict',
          },
          observations: {
            type: 'object',
            description:
              'What the scenario must record (see the README), at most 100 keys.',
            maxProperties: 100,
            additionalProperties: true,
          },
          links: {
            type: 'array',
            maxItems: 20,
            items: {
              type: 'string',
              format: 'uri',
              maxLength: 2000,
            },
          },
        },
        required: ['component', 'cluster', 'scenario', 'startedAt', 'verdict'],
        additionalProperties: false,
      },
      EvidencePage: {
        type: 'object',
        properties: {
          total: {
            type: 'integer',
          },
          offset: {
            type: 'integer',
          },
          limit: {
            type: 'integer',
          },
          items: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/ExperimentEvidence',
            },
          },
        },
        required: ['total', 'offset', 'limit', 'items'],
        additionalProperties: false,
      },
      Waiver: {
        type: 'object',
        properties: {
          id: {
            type: 'string',
          },
          component: {
            type: 'string',
          },
          checkId: {
            type: 'string',
          },
          cluster: {
            type: ['string', 'null'],
          },
          reason: {
            type: 'string',
          },
          expiresAt: {
            type: 'string',
            format: 'date-time',
          },
          state: {
            $ref: '#/components/schemas/WaiverState',
          },
          requestedBy: {
            type: 'string',
          },
          requestedAt: {
            type: 'string',
            format: 'date-time',
          },
          decidedBy: {
            type: ['string', 'null'],
          },
          decidedAt: {
            type: ['string', 'null'],
            format: 'date-time',
          },
          decisionComment: {
            type: ['string', 'null'],
          },
          active: {
            type: 'boolean',
            description: 'Approved and not expired.',
          },
          owner: {
            type: ['string', 'null'],
            description:
              'Owner of the component when the waiver was requested.',
          },
        },
        required: [
          'id',
          'component',
          'checkId',
          'cluster',
          'reason',
          'expiresAt',
          'state',
          'requestedBy',
          'requestedAt',
          'decidedBy',
          'decidedAt',
          'decisionComment',
          'active',
          'owner',
        ],
        additionalProperties: false,
      },
      WaiverInput: {
        type: 'object',
        properties: {
          component: {
            type: 'string',
            minLength: 1,
            maxLength: 400,
          },
          checkId: {
            type: 'string',
            minLength: 1,
            maxLength: 200,
          },
          cluster: {
            type: ['string', 'null'],
            minLength: 1,
            maxLength: 200,
          },
          reason: {
            type: 'string',
            minLength: 10,
            maxLength: 2000,
          },
          expiresAt: {
            type: 'string',
            format: 'date-time',
          },
        },
        required: ['component', 'checkId', 'reason', 'expiresAt'],
        additionalProperties: false,
      },
      WaiverDecisionInput: {
        type: 'object',
        properties: {
          comment: {
            type: 'string',
            minLength: 1,
            maxLength: 2000,
          },
        },
        additionalProperties: false,
      },
      WaiverPage: {
        type: 'object',
        properties: {
          total: {
            type: 'integer',
          },
          offset: {
            type: 'integer',
          },
          limit: {
            type: 'integer',
          },
          items: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/Waiver',
            },
          },
        },
        required: ['total', 'offset', 'limit', 'items'],
        additionalProperties: false,
      },
      AuditEvent: {
        type: 'object',
        properties: {
          id: {
            type: 'integer',
          },
          at: {
            type: 'string',
            format: 'date-time',
          },
          actor: {
            type: 'string',
          },
          subjectType: {
            $ref: '#/components/schemas/AuditSubjectType',
          },
          subjectId: {
            type: 'string',
          },
          component: {
            type: 'string',
          },
          action: {
            type: 'string',
            description:
              'e.g. requested, approved, rejected, revoked, created, imported.',
          },
          changes: {
            type: 'object',
            description:
              'Changed fields, each with its value before and after.',
            additionalProperties: {
              type: 'object',
              properties: {
                from: {},
                to: {},
              },
              additionalProperties: false,
            },
          },
        },
        required: [
          'id',
          'at',
          'actor',
          'subjectType',
          'subjectId',
          'component',
          'action',
          'changes',
        ],
        additionalProperties: false,
      },
      AuditEventPage: {
        type: 'object',
        properties: {
          total: {
            type: 'integer',
          },
          offset: {
            type: 'integer',
          },
          limit: {
            type: 'integer',
          },
          items: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/AuditEvent',
            },
          },
        },
        required: ['total', 'offset', 'limit', 'items'],
        additionalProperties: false,
      },
      WaiverDetail: {
        type: 'object',
        properties: {
          waiver: {
            $ref: '#/components/schemas/Waiver',
          },
          trail: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/AuditEvent',
            },
          },
        },
        required: ['waiver', 'trail'],
        additionalProperties: false,
      },
      CheckDefinition: {
        type: 'object',
        properties: {
          id: {
            type: 'string',
          },
          dimension: {
            $ref: '#/components/schemas/Dimension',
          },
          severity: {
            $ref: '#/components/schemas/Severity',
          },
          kinds: {
            description:
              'Kinds the check applies to; absent or empty for every kind.',
            type: 'array',
            items: {
              $ref: '#/components/schemas/ExtensionKind',
            },
          },
          title: {
            type: 'string',
          },
          remediation: {
            type: 'string',
          },
          docsUrl: {
            type: 'string',
          },
        },
        required: ['id', 'dimension', 'severity', 'title'],
        additionalProperties: false,
      },
      ReferenceTableName: {
        type: 'string',
        enum: [
          'deprecated-apis',
          'csi-sidecars',
          'dra-versions',
          'version-skew',
          'thresholds',
          'experiment-scenarios',
          'failure-signals',
          'rbac-risks',
          'scoring',
        ],
      },
      ReferenceTableProvenance: {
        type: 'object',
        description:
          "Where a table's rows came from. A row is what one override entry replaces: a deprecated API, a CSI sidecar, a DRA version or the feature gate, a check's setting, a kind's list, a top-level key.",
        properties: {
          table: {
            $ref: '#/components/schemas/ReferenceTableName',
          },
          file: {
            type: 'string',
            description: 'e.g. deprecated-apis.yaml',
          },
          rows: {
            type: 'integer',
            description: 'Rows in force.',
          },
          shippedRows: {
            type: 'integer',
          },
          overriddenRows: {
            type: 'integer',
          },
          addedRows: {
            type: 'integer',
          },
          removedRows: {
            type: 'integer',
          },
          overrideFile: {
            type: ['string', 'null'],
            description:
              'Full path of the override file; null when none is layered.',
          },
        },
        required: [
          'table',
          'file',
          'rows',
          'shippedRows',
          'overriddenRows',
          'addedRows',
          'removedRows',
          'overrideFile',
        ],
        additionalProperties: false,
      },
      DeprecatedApiRow: {
        type: 'object',
        properties: {
          key: {
            type: 'string',
            description: 'The row key, `group/version [sorted kinds]`.',
          },
          group: {
            type: 'string',
          },
          version: {
            type: 'string',
          },
          kinds: {
            type: 'array',
            items: {
              type: 'string',
            },
            description: 'Empty for every kind of the group/version.',
          },
          product: {
            type: 'string',
            description:
              'Whose releases deprecatedIn/removedIn count (kubernetes, cert-manager…).',
          },
          deprecatedIn: {
            type: 'string',
          },
          removedIn: {
            type: 'string',
          },
          replacement: {
            type: 'string',
          },
          note: {
            type: 'string',
          },
          source: {
            type: 'string',
            description: 'URL of the upstream page.',
          },
        },
        required: [
          'key',
          'group',
          'version',
          'kinds',
          'product',
          'deprecatedIn',
          'replacement',
        ],
        additionalProperties: false,
      },
      CsiSidecarReleaseRow: {
        type: 'object',
        properties: {
          versions: {
            type: 'string',
            description: 'Semver range of sidecar releases.',
          },
          minKubernetes: {
            type: 'string',
          },
          recommendedKubernetes: {
            type: 'string',
          },
          maxKubernetes: {
            type: 'string',
          },
          note: {
            type: 'string',
          },
        },
        required: ['versions'],
        additionalProperties: false,
      },
      CsiSidecarRow: {
        type: 'object',
        properties: {
          name: {
            type: 'string',
          },
          source: {
            type: 'string',
          },
          images: {
            type: 'array',
            items: {
              type: 'string',
            },
          },
          releases: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/CsiSidecarReleaseRow',
            },
          },
        },
        required: ['name', 'images', 'releases'],
        additionalProperties: false,
      },
      DraVersionRow: {
        type: 'object',
        properties: {
          version: {
            type: 'string',
          },
          stability: {
            type: 'string',
            enum: ['alpha', 'beta', 'ga'],
          },
          introducedIn: {
            type: 'string',
          },
          lastServedIn: {
            type: 'string',
          },
          note: {
            type: 'string',
          },
          source: {
            type: 'string',
          },
        },
        required: ['version', 'stability', 'introducedIn'],
        additionalProperties: false,
      },
      DraFeatureGate: {
        type: 'object',
        properties: {
          name: {
            type: 'string',
          },
          offByDefaultIn: {
            type: 'array',
            items: {
              type: 'string',
            },
          },
          onByDefaultFrom: {
            type: 'string',
          },
        },
        required: ['name', 'offByDefaultIn', 'onByDefaultFrom'],
        additionalProperties: false,
      },
      VersionSkewRules: {
        type: 'object',
        properties: {
          kubelet: {
            type: 'object',
            properties: {
              maxMinorsOlder: {
                type: 'integer',
              },
              olderKubelets: {
                type: 'object',
                properties: {
                  below: {
                    type: 'string',
                  },
                  maxMinorsOlder: {
                    type: 'integer',
                  },
                },
                required: ['below', 'maxMinorsOlder'],
                additionalProperties: false,
              },
              newerAllowed: {
                type: 'boolean',
              },
            },
            required: ['maxMinorsOlder', 'newerAllowed'],
            additionalProperties: false,
          },
          controlPlane: {
            type: 'object',
            properties: {
              maxMinorsOlder: {
                type: 'integer',
              },
              newerAllowed: {
                type: 'boolean',
              },
            },
            required: ['maxMinorsOlder', 'newerAllowed'],
            additionalProperties: false,
          },
          schedulerImages: {
            type: 'array',
            items: {
              type: 'string',
            },
          },
          source: {
            type: 'string',
          },
        },
        required: ['kubelet', 'controlPlane', 'schedulerImages'],
        additionalProperties: false,
      },
      ThresholdValue: {
        anyOf: [
          {
            type: 'number',
          },
          {
            type: 'string',
          },
          {
            type: 'boolean',
          },
          {
            type: 'array',
            items: {
              type: 'string',
            },
          },
        ],
      },
      ReferenceData: {
        type: 'object',
        properties: {
          version: {
            type: 'string',
            description:
              "Version of the shipped data (the backend package's version).",
          },
          overrideDirectory: {
            type: ['string', 'null'],
            description:
              'Full path of extensionScorecard.referenceData.directory; null when unset.',
          },
          tables: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/ReferenceTableProvenance',
            },
          },
          deprecatedApis: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/DeprecatedApiRow',
            },
          },
          csiSidecars: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/CsiSidecarRow',
            },
          },
          draVersions: {
            type: 'array',
            items: {
              $ref: '#/components/schemas/DraVersionRow',
            },
          },
          draFeatureGate: {
            $ref: '#/components/schemas/DraFeatureGate',
          },
          versionSkew: {
            $ref: '#/components/schemas/VersionSkewRules',
          },
          thresholds: {
            type: 'object',
            description:
              'Effective settings per check id: the thresholds table (shipped, then the override directory), then app-config `extensionScorecard.checks`.',
            additionalProperties: {
              type: 'object',
              additionalProperties: {
                $ref: '#/components/schemas/ThresholdValue',
              },
            },
          },
        },
        required: [
          'version',
          'overrideDirectory',
          'tables',
          'deprecatedApis',
          'csiSidecars',
          'draVersions',
          'draFeatureGate',
          'versionSkew',
          'thresholds',
        ],
        additionalProperties: false,
      },
    },
  },
} as const;
