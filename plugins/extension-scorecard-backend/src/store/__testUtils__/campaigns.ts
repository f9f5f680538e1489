import type { StoredCampaign } from '../interfaces';

/**
 * An open campaign on `webhook.timeout` with every scope, created by carla on
 * 2025-04-01, enforced from 2025-05-10, due 2025-05-31; `overrides` change any field.
 */
export function storedCampaign(
  id: string,
  overrides: Partial<StoredCampaign> = {},
): StoredCampaign {
  return {
    id,
    title: id,
    why: '',
    goal: { checks: ['webhook.timeout'] },
    scope: {},
    startsAt: '2025-04-01T00:00:00.000Z',
    deadline: '2025-05-31T00:00:00.000Z',
    enforceFrom: '2025-05-10T00:00:00.000Z',
    state: 'open',
    createdBy: 'user:default/carla',
    createdAt: '2025-04-01T00:00:00.000Z',
    updatedBy: 'user:default/carla',
    updatedAt: '2025-04-01T00:00:00.000Z',
    closedBy: null,
    closedAt: null,
    closeComment: null,
    ...overrides,
  };
}
