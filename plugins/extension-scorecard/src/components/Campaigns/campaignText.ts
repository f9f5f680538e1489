import {
  LEVEL_TITLES,
  type Campaign,
  type CampaignEnforcement,
  type CampaignGoal,
  type CampaignScope,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type { CSSProperties } from 'react';
import { shortRef } from '../../format/refs';
import { toneSurface, type Tone } from '../StatusDisplay';

/** "pass webhook.scope, webhook.failure-policy and reach L2 safe boundary". */
export function goalText(goal: CampaignGoal): string {
  const parts: string[] = [];
  if (goal.checks?.length) parts.push(`pass ${goal.checks.join(', ')}`);
  if (goal.level !== undefined) parts.push(`reach ${LEVEL_TITLES[goal.level]}`);
  return parts.join(' and ');
}

/** The scope's fields besides its saved filter, in words. */
export function scopeParts(scope: CampaignScope): string[] {
  const parts: string[] = [];
  if (scope.kinds?.length) parts.push(scope.kinds.join(', '));
  if (scope.teams?.length) {
    parts.push(`${scope.teams.map(shortRef).join(', ')} (and groups below)`);
  }
  if (scope.clusters?.length) parts.push(`in ${scope.clusters.join(', ')}`);
  if (scope.lifecycles?.length) parts.push(scope.lifecycles.join(', '));
  if (scope.components?.length) {
    parts.push(
      scope.components.length <= 3
        ? scope.components.map(shortRef).join(', ')
        : `${scope.components.length} components`,
    );
  }
  return parts;
}

/** "saved filter Webhooks in prod" (the id when its name is not known). */
export function savedFilterText(name: string): string {
  return `saved filter ${name}`;
}

/**
 * "saved filter Webhooks · admission-webhook · teams platform (and groups below) ·
 * production"; "every component". `savedFilterNames` maps saved filters' ids to
 * their names.
 */
export function scopeText(
  scope: CampaignScope,
  savedFilterNames?: ReadonlyMap<string, string>,
): string {
  const parts = scopeParts(scope);
  if (scope.savedFilter) {
    parts.unshift(
      savedFilterText(
        savedFilterNames?.get(scope.savedFilter) ?? scope.savedFilter,
      ),
    );
  }
  return parts.length ? parts.join(' · ') : 'every component';
}

export const ENFORCEMENT_LABELS: Record<CampaignEnforcement, string> = {
  none: 'no enforcement date',
  announced: 'announced',
  enforced: 'enforced',
};

/** Days from now to an instant, rounded up ("due in 3 days"), negative when past. */
export function daysUntil(iso: string, now: Date = new Date()): number {
  return Math.ceil((Date.parse(iso) - now.getTime()) / 86_400_000);
}

/** "due in 12 days", "due today", "4 days overdue", "closed". */
export function deadlineText(
  campaign: Pick<Campaign, 'state' | 'deadline'>,
  now: Date = new Date(),
): string {
  if (campaign.state === 'closed') return 'closed';
  const days = daysUntil(campaign.deadline, now);
  if (days > 1) return `due in ${days} days`;
  if (days === 1) return 'due tomorrow';
  if (days === 0) return 'due today';
  return `${-days} day${days === -1 ? '' : 's'} past the deadline`;
}

/** A small badge in a tone (a campaign's state, an item's status). */
export function toneBadgeStyle(tone: Tone): CSSProperties {
  return {
    ...toneSurface(tone),
    border: '1px solid',
    borderRadius: 'var(--bui-radius-2)',
    padding: '0 var(--bui-space-2)',
    fontSize: 'var(--bui-font-size-2)',
    whiteSpace: 'nowrap',
  };
}
