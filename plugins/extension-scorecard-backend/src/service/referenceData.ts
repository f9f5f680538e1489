/**
 * GET /reference-data: the data tables in force (shipped, with the deployment's
 * override files layered over them), where each table's rows came from, and the
 * effective thresholds. Readable by whoever may read the check catalogue.
 */
import type { BackstageCredentials } from '@backstage/backend-plugin-api';
import type { ReferenceData } from '@extension-scorecard/plugin-extension-scorecard-common';
import { effectiveThresholds, type ChecksConfig } from '../checks/config';
import { deprecatedApiKey, REFERENCE_TABLE_NAMES } from '../reference';
import type { ScorecardService } from './ScorecardService';

/** The answer of GET /reference-data, as fixed at start-up. */
export function referenceDataOf(config: ChecksConfig): ReferenceData {
  const { tables } = config;
  return {
    version: tables.dataVersion,
    overrideDirectory: tables.overrideDirectory,
    tables: REFERENCE_TABLE_NAMES.map(name => ({ ...tables.provenance[name] })),
    deprecatedApis: tables.deprecatedApis.map(row => ({
      key: deprecatedApiKey(row),
      ...row,
    })),
    csiSidecars: tables.csiSidecars,
    draVersions: tables.draVersions,
    draFeatureGate: tables.draFeatureGate,
    versionSkew: tables.versionSkew,
    thresholds: effectiveThresholds(config),
  };
}

/** Serves the reference data under the read permission of the check catalogue. */
export class ReferenceDataService {
  private readonly data: ReferenceData;

  constructor(
    private readonly options: {
      /** Its read check is the one GET /checks makes. */
      reads: Pick<ScorecardService, 'readerVisibility'>;
      checksConfig: ChecksConfig;
    },
  ) {
    this.data = referenceDataOf(options.checksConfig);
  }

  async get(credentials: BackstageCredentials): Promise<ReferenceData> {
    await this.options.reads.readerVisibility(credentials);
    return this.data;
  }
}
