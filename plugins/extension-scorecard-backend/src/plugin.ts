import {
  coreServices,
  createBackendPlugin,
} from '@backstage/backend-plugin-api';
import { actionsRegistryServiceRef } from '@backstage/backend-plugin-api/alpha';
import { catalogServiceRef } from '@backstage/plugin-catalog-node';
import { notificationService } from '@backstage/plugin-notifications-node';
import {
  EXTENSION_KINDS,
  extensionScorecardPermissions,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { registerScorecardActions } from './actions/scorecardActions';
import { extensionScorecardChecksExtensionPoint } from '@extension-scorecard/plugin-extension-scorecard-node';
import { CheckRegistrations, readChecksConfig } from './checks';
import { createClusterAuth } from './collect/auth';
import { catalogClusterResources } from './collect/locators';
import { ClusterDirectory } from './collect/sources';
import { assembleSnapshot } from './pipeline/assembleSnapshot';
import { EvaluationMemo } from './pipeline/incremental';
import { historyImporter, readHistoryImports } from './pipeline/importHistory';
import {
  readNotificationSettings,
  ScorecardNotifier,
} from './pipeline/notifications';
import {
  readClustersAtOnce,
  RefreshCoordinator,
} from './pipeline/RefreshCoordinator';
import {
  readCollectionSchedules,
  readReminderSchedule,
  scheduleCampaignReminders,
  scheduleCollection,
} from './pipeline/schedule';
import { ScorecardAccess } from './service/access';
import {
  componentRules,
  extensionScorecardComponentPermissionResourceRef,
} from './service/permissions/componentResource';
import { componentResources } from './service/permissions/resources';
import { AuditService } from './service/audit/AuditService';
import { CampaignService } from './service/CampaignService';
import { SavedFilterService } from './service/SavedFilterService';
import { readInitialSavedFilters } from './service/savedFilterConfig';
import { readInitialCampaigns } from './service/campaignConfig';
import { UpgradeReadinessService } from './service/UpgradeReadinessService';
import { ReferenceDataService } from './service/referenceData';
import {
  certificateWarnDays,
  checkDefinitions,
  scenariosByKind,
} from './service/checkCatalogue';
import { EvidenceService } from './service/EvidenceService';
import { RefreshService } from './service/RefreshService';
import { createRouter } from './service/router';
import { ScorecardService } from './service/ScorecardService';
import { readApiSettings } from './service/settings';
import { WaiverService } from './service/WaiverService';
import { readWriteRateLimit, WriteRateLimiter } from './service/writeRateLimit';
import { readRequestLimits } from './service/requestLimits';
import { openScorecardStores } from './store';
import { readRetentionPolicy } from './store/retention';

/**
 * The Extension Scorecard backend plugin. Wiring only: reads config, builds the
 * pipeline, store and services, registers the tasks, router, permissions and actions.
 * @public
 */
export const extensionScorecardPlugin = createBackendPlugin({
  pluginId: 'extension-scorecard',
  register(env) {
    const registrations = new CheckRegistrations();
    env.registerExtensionPoint(
      extensionScorecardChecksExtensionPoint,
      registrations,
    );
    env.registerInit({
      deps: {
        config: coreServices.rootConfig,
        logger: coreServices.logger,
        database: coreServices.database,
        scheduler: coreServices.scheduler,
        httpRouter: coreServices.httpRouter,
        httpAuth: coreServices.httpAuth,
        auth: coreServices.auth,
        permissions: coreServices.permissions,
        permissionsRegistry: coreServices.permissionsRegistry,
        systemMetadata: coreServices.rootSystemMetadata,
        catalog: catalogServiceRef,
        notifications: notificationService,
        actionsRegistry: actionsRegistryServiceRef,
      },
      async init(deps) {
        const { config, logger } = deps;
        const checksConfig = readChecksConfig(config, {
          extraChecks: registrations.checks,
          extraKinds: registrations.kinds,
        });
        const apiSettings = readApiSettings(config);
        const retention = readRetentionPolicy(config);
        const schedules = readCollectionSchedules(config);
        const reminderSchedule = readReminderSchedule(config);
        const notificationSettings = readNotificationSettings(
          config,
          certificateWarnDays(checksConfig),
        );
        const directory = ClusterDirectory.fromConfig(config, {
          logger,
          auth: createClusterAuth({ config, logger }),
          services: {
            clusterResources: catalogClusterResources(deps.catalog, deps.auth),
          },
        });
        const locate = () => directory.refresh();
        const initialCampaigns = await readInitialCampaigns(config);
        const initialSavedFilters = readInitialSavedFilters(config);
        const history = await readHistoryImports(config);
        const stores = await openScorecardStores(deps.database);

        const access = new ScorecardAccess({
          permissions: deps.permissions,
          catalog: deps.catalog,
          auth: deps.auth,
          knownComponentIds: () => stores.components.catalogComponentIds(),
        });
        const installed = await deps.systemMetadata.getInstalledPlugins();
        const notifier =
          notificationSettings.enabled &&
          installed.some(p => p.pluginId === 'notifications')
            ? new ScorecardNotifier({
                notifications: deps.notifications,
                stores,
                settings: notificationSettings,
                logger,
                teamsBelow: team => access.groupWithDescendants(team),
              })
            : undefined;
        logger.info(
          `extension-scorecard: notifications ${
            notifier ? 'on' : 'off (disabled or no notifications backend)'
          }`,
        );

        const clusters = () => directory.entries();
        const definitions = checkDefinitions(checksConfig);
        const reads = new ScorecardService({
          stores,
          access,
          checks: () => definitions,
          clusters,
        });
        const upgrade = new UpgradeReadinessService({ stores, reads });
        const memo = new EvaluationMemo();
        const assembleDeps = {
          stores,
          catalog: deps.catalog,
          auth: deps.auth,
          logger,
          checksConfig,
          clusterNames: () => directory.sources().map(s => s.name),
          retention,
          teamsBelow: (team: string) => access.groupWithDescendants(team),
        };
        const importHistoryOnce = historyImporter(assembleDeps, history);
        const coordinator = new RefreshCoordinator({
          stores,
          clustersAtOnce: readClustersAtOnce(config),
          sources: () => directory.sources(),
          locate,
          logger,
          assemble: async run => {
            await importHistoryOnce();
            return assembleSnapshot(
              {
                ...assembleDeps,
                memo,
                onSnapshot:
                  notifier &&
                  (written => notifier.notify(written).then(() => {})),
              },
              run,
            );
          },
        });
        const campaigns = new CampaignService({
          stores,
          access,
          reads,
          checks: () => definitions,
          kinds: () => [
            ...EXTENSION_KINDS,
            ...checksConfig.extraKinds.map(k => k.id),
          ],
          // a snapshot from the latest collections, so an announcement shows at once
          onVerdictsChanged: () => {
            coordinator
              .assembleScheduled('manual')
              .catch(error =>
                logger.warn(
                  `extension-scorecard: snapshot after a campaign change failed: ${
                    (error as Error).message
                  }`,
                ),
              );
          },
        });
        const audit = new AuditService({
          stores,
          reads,
          access,
          upgrade,
          campaigns,
        });
        const savedFilters = new SavedFilterService({ stores, access, reads });
        // first: a configured campaign's scope may name a configured saved filter
        await savedFilters.seed(initialSavedFilters, logger);
        await campaigns.seed(initialCampaigns, logger);

        await scheduleCollection({
          scheduler: deps.scheduler,
          schedules,
          located: {
            sources: () => directory.sources(),
            source: name => directory.source(name),
            ...(directory.hasDynamicLocators ? { refresh: locate } : {}),
          },
          clusters: stores.clusters,
          coordinator,
          logger,
        });

        if (notifier) {
          await scheduleCampaignReminders({
            scheduler: deps.scheduler,
            schedule: reminderSchedule,
            remind: () => notifier.remindCampaigns(),
          });
        }

        deps.permissionsRegistry.addPermissions(extensionScorecardPermissions);
        deps.permissionsRegistry.addResourceType({
          resourceRef: extensionScorecardComponentPermissionResourceRef,
          permissions: extensionScorecardPermissions.filter(
            p => p.type === 'resource',
          ),
          rules: componentRules,
          getResources: refs => componentResources(refs, { stores, access }),
        });
        deps.httpRouter.use(
          await createRouter({
            httpAuth: deps.httpAuth,
            reads,
            audit,
            upgrade,
            referenceData: new ReferenceDataService({ reads, checksConfig }),
            evidence: new EvidenceService({
              stores,
              access,
              reads,
              scenariosOf: scenariosByKind(checksConfig),
            }),
            campaigns,
            savedFilters,
            waivers: new WaiverService({
              stores,
              access,
              reads,
              maxDays: apiSettings.waiverMaxDays,
            }),
            writeRateLimit: new WriteRateLimiter(readWriteRateLimit(config)),
            requestLimits: readRequestLimits(config),
            refresh: new RefreshService({
              stores,
              access,
              reads,
              runner: coordinator,
              clusters,
            }),
          }),
        );
        deps.httpRouter.addAuthPolicy({
          path: '/health',
          allow: 'unauthenticated',
        });
        registerScorecardActions({
          actionsRegistry: deps.actionsRegistry,
          reads,
          audit,
          campaigns,
        });
      },
    });
  },
});
