/**
 * Saved filters: named views of the component table every reader shares. Any reader
 * saves one; its creator deletes it, and so does whoever holds `campaign.manage`
 * (platform admins tidying up). They do not change once saved, so a campaign whose
 * scope names one keeps its scope; one named by a campaign is not deleted.
 */
import type {
  BackstageCredentials,
  LoggerService,
} from '@backstage/backend-plugin-api';
import { InputError, NotAllowedError } from '@backstage/errors';
import {
  extensionScorecardCampaignManagePermission,
  type SavedFilter,
  type SavedFilterFields,
  type SavedFilterInput,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { resultFiltersOf } from '../scoring';
import type { ScorecardStores, StoredSavedFilter } from '../store';
import { spec } from '../schema/openapi.generated';
import { actorOf, type ScorecardAccess } from './access';
import { slugId, trimmedText } from './inputRules';
import type { InitialSavedFilter } from './savedFilterConfig';
import type { ScorecardService } from './ScorecardService';

/** Who the audit trail names for saved filters of the configuration. */
export const INITIAL_SAVED_FILTER_ACTOR = 'extension-scorecard:config';

/** The most saved filters there may be (the list answers them all). */
export const SAVED_FILTER_LIMIT = 500;

const NAME_MIN_LENGTH =
  spec.components.schemas.SavedFilterInput.properties.name.minLength;

/** The filters without empty lists and blank text; InputError when none is left. */
export function savedFilterFields(
  filters: SavedFilterFields,
): SavedFilterFields {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    if (typeof value === 'string') {
      if (!value.trim()) continue;
      kept[key] = key === 'search' ? value.trim() : value;
      continue;
    }
    kept[key] = value;
  }
  if (!Object.keys(kept).length) {
    throw new InputError('filters must hold at least one filter');
  }
  return kept as SavedFilterFields;
}

export class SavedFilterService {
  constructor(
    private readonly options: {
      stores: ScorecardStores;
      access: ScorecardAccess;
      reads: ScorecardService;
    },
  ) {}

  async list(credentials: BackstageCredentials): Promise<SavedFilter[]> {
    await this.options.reads.readerVisibility(credentials);
    const { savedFilters } = this.options.stores;
    const naming = await savedFilters.campaignsNaming();
    return (await savedFilters.list()).map(filter =>
      this.toApi(filter, naming.get(filter.id)?.map(c => c.id) ?? []),
    );
  }

  async create(
    credentials: BackstageCredentials,
    input: SavedFilterInput,
  ): Promise<SavedFilter> {
    await this.options.reads.readerVisibility(credentials);
    const name = trimmedText('name', input.name, NAME_MIN_LENGTH);
    const filters = savedFilterFields(input.filters);
    const saved = await this.options.stores.savedFilters.create(
      {
        id: slugId(name, 'filter'),
        name,
        description: (input.description ?? '').trim(),
        filters,
      },
      {
        actor: actorOf(credentials),
        now: this.options.reads.now().toISOString(),
        limit: SAVED_FILTER_LIMIT,
      },
    );
    return this.toApi(saved, []);
  }

  async delete(credentials: BackstageCredentials, id: string): Promise<void> {
    const { access, reads, stores } = this.options;
    await reads.readerVisibility(credentials);
    const actor = actorOf(credentials);
    const manager = await access.isAllowed(
      extensionScorecardCampaignManagePermission,
      credentials,
    );
    await stores.savedFilters.delete(id, {
      actor,
      now: reads.now().toISOString(),
      allow: filter => {
        if (!manager && filter.createdBy !== actor) {
          throw new NotAllowedError(
            `Only ${filter.createdBy}, who saved "${filter.name}", and holders of ${extensionScorecardCampaignManagePermission.name} may delete it`,
          );
        }
      },
    });
  }

  /**
   * Creates the configured saved filters the database has never held (by id: one
   * deleted since, as its audit trail says, stays deleted). A definition that does not
   * hold together stops the start; one whose name a user took meanwhile is skipped
   * with a warning.
   */
  async seed(
    definitions: readonly InitialSavedFilter[],
    logger: LoggerService,
  ): Promise<string[]> {
    const { stores, reads } = this.options;
    const created: string[] = [];
    for (const definition of definitions) {
      if (
        (await stores.savedFilters.get(definition.id)) ||
        (await stores.auditTrail.forSubject('saved-filter', definition.id))
          .length
      ) {
        continue;
      }
      let name: string;
      let filters: SavedFilterFields;
      try {
        name = trimmedText('name', definition.name, NAME_MIN_LENGTH);
        filters = savedFilterFields(definition.filters);
      } catch (error) {
        throw new Error(
          `Invalid saved filter '${
            definition.id
          }' in extensionScorecard.savedFilters: ${(error as Error).message}`,
        );
      }
      try {
        await stores.savedFilters.create(
          {
            id: definition.id,
            name,
            description: definition.description.trim(),
            filters,
          },
          {
            actor: INITIAL_SAVED_FILTER_ACTOR,
            now: reads.now().toISOString(),
            limit: SAVED_FILTER_LIMIT,
          },
        );
        created.push(definition.id);
      } catch (error) {
        logger.warn(
          `extension-scorecard: saved filter '${
            definition.id
          }' of the configuration not created: ${(error as Error).message}`,
        );
      }
    }
    if (created.length) {
      logger.info(
        `extension-scorecard: created ${
          created.length
        } saved filters from the configuration: ${created.join(', ')}`,
      );
    }
    return created;
  }

  private toApi(filter: StoredSavedFilter, campaigns: string[]): SavedFilter {
    return {
      ...filter,
      resultFields: resultFiltersOf(filter.filters),
      campaigns,
    };
  }
}
