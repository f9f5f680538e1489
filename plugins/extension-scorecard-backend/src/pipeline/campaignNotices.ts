/**
 * Campaign reminders to the owning teams with components still open in a campaign
 * (as the written snapshot stands): when it starts, when enforcement begins, two
 * weeks and two days before its deadline, and when the deadline is missed. Each is
 * keyed by campaign, event (with the date it is about) and team, so it is sent once;
 * a moved deadline or enforcement date reminds again.
 *
 * The deadline reminders take turns: "two weeks" from 14 days before until 2 days
 * before, "two days" from then until the deadline, "missed" after it; only the one
 * whose window holds the time of the snapshot is sent, so a campaign created 5 days
 * before its deadline sends "started" and "two weeks", then "two days", not a burst
 * of every reminder it missed.
 */
import {
  LEVEL_TITLES,
  type ComponentScorecard,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import {
  campaignStanding,
  inCampaignScope,
  type ResolvedCampaignScope,
} from '../scoring';
import type { StoredCampaign } from '../store';
import type { Notice } from './notifications';

const DAY_MS = 86_400_000;

/** A campaign with its scope resolved (teams with the groups below them). */
export interface ResolvedCampaign {
  campaign: StoredCampaign;
  scope: ResolvedCampaignScope;
}

type CampaignEvent = 'started' | 'enforced' | 'due-14d' | 'due-2d' | 'missed';

/** What the goal asks, in words. */
export function goalText(campaign: StoredCampaign): string {
  const parts: string[] = [];
  if (campaign.goal.checks?.length) {
    parts.push(`pass ${campaign.goal.checks.join(', ')}`);
  }
  if (campaign.goal.level !== undefined) {
    parts.push(`reach ${LEVEL_TITLES[campaign.goal.level]}`);
  }
  return parts.join(' and ');
}

/** The events of a campaign whose window holds `now`, each with the date it is about. */
function eventsAt(
  campaign: StoredCampaign,
  now: number,
): Array<{ event: CampaignEvent; date: string }> {
  const deadline = Date.parse(campaign.deadline);
  const events: Array<{ event: CampaignEvent; date: string }> = [];
  if (Date.parse(campaign.startsAt) <= now && now < deadline) {
    events.push({ event: 'started', date: campaign.startsAt });
  }
  if (
    campaign.enforceFrom &&
    Date.parse(campaign.enforceFrom) <= now &&
    now < deadline
  ) {
    events.push({ event: 'enforced', date: campaign.enforceFrom });
  }
  if (now >= deadline) {
    events.push({ event: 'missed', date: campaign.deadline });
  } else if (now >= deadline - 2 * DAY_MS) {
    events.push({ event: 'due-2d', date: campaign.deadline });
  } else if (now >= deadline - 14 * DAY_MS) {
    events.push({ event: 'due-14d', date: campaign.deadline });
  }
  return events;
}

/** When an event's window opens: its date, or for the deadline reminders 14 and 2 days before. */
function windowOpens(campaign: StoredCampaign, event: CampaignEvent): number {
  const deadline = Date.parse(campaign.deadline);
  switch (event) {
    case 'started':
      return Date.parse(campaign.startsAt);
    case 'enforced':
      return Date.parse(campaign.enforceFrom!);
    case 'due-14d':
      return deadline - 14 * DAY_MS;
    case 'due-2d':
      return deadline - 2 * DAY_MS;
    default:
      return deadline;
  }
}

/**
 * The open campaigns that have a reminder due at `now` which a snapshot written at
 * `since` could not have sent: an event whose window opened after it, or a campaign
 * created or changed after it. Each with what it is due for (a key that changes when
 * another event comes or the campaign changes).
 */
export function remindersDueSince(
  campaigns: readonly StoredCampaign[],
  since: number,
  now: number,
): Array<{ campaign: StoredCampaign; due: string }> {
  const out: Array<{ campaign: StoredCampaign; due: string }> = [];
  for (const campaign of campaigns) {
    if (campaign.state !== 'open') continue;
    const events = eventsAt(campaign, now);
    const changed = Date.parse(campaign.updatedAt) > since;
    if (!events.length) continue;
    if (!changed && !events.some(e => windowOpens(campaign, e.event) > since))
      continue;
    out.push({
      campaign,
      due: `${campaign.id}|${campaign.updatedAt}|${events
        .map(e => `${e.event}:${e.date}`)
        .join(',')}`,
    });
  }
  return out;
}

function day(date: string): string {
  return date.slice(0, 10);
}

function noticeText(
  campaign: StoredCampaign,
  event: CampaignEvent,
  open: number,
  now: number,
): { title: string; lead: string } {
  const daysLeft = Math.ceil((Date.parse(campaign.deadline) - now) / DAY_MS);
  const items = `${open} of your team's extensions ${
    open === 1 ? 'has' : 'have'
  }`;
  switch (event) {
    case 'started':
      return {
        title: `Campaign started: ${campaign.title}`,
        lead: `${items} to ${goalText(campaign)} by ${day(campaign.deadline)}.`,
      };
    case 'enforced':
      return {
        title: `Campaign enforced: ${campaign.title}`,
        lead: `From ${day(
          campaign.enforceFrom!,
        )} its checks fail with their real severity. ${items} still to ${goalText(
          campaign,
        )}.`,
      };
    case 'due-14d':
    case 'due-2d':
      return {
        title: `Campaign due in ${daysLeft} day${daysLeft === 1 ? '' : 's'}: ${
          campaign.title
        }`,
        lead: `${items} still to ${goalText(campaign)} by ${day(
          campaign.deadline,
        )}.`,
      };
    default:
      return {
        title: `Campaign deadline missed: ${campaign.title}`,
        lead: `The deadline was ${day(
          campaign.deadline,
        )}; ${items} still to ${goalText(campaign)}.`,
      };
  }
}

/** The reminders a written snapshot calls for (pure, for tests). */
export function campaignNotices(
  scorecards: readonly ComponentScorecard[],
  campaigns: readonly ResolvedCampaign[],
  now: Date,
): Notice[] {
  const notices: Notice[] = [];
  for (const { campaign, scope } of campaigns) {
    if (campaign.state !== 'open') continue;
    const events = eventsAt(campaign, now.getTime());
    if (!events.length) continue;
    const open = new Map<string, string[]>();
    for (const card of scorecards) {
      if (!card.owner || !inCampaignScope(scope, card)) continue;
      if (campaignStanding(card, campaign.goal)?.status !== 'open') continue;
      const names = open.get(card.owner) ?? [];
      names.push(card.name);
      open.set(card.owner, names);
    }
    for (const [team, names] of open) {
      for (const { event, date } of events) {
        const { title, lead } = noticeText(
          campaign,
          event,
          names.length,
          now.getTime(),
        );
        const shown = names.slice(0, 5).join(', ');
        notices.push({
          key: `campaign:${campaign.id}:${event}:${date}:${team}`,
          owner: team,
          componentId: '',
          link: `/extension-scorecard/campaigns/${encodeURIComponent(
            campaign.id,
          )}`,
          severity:
            event === 'missed' || event === 'due-2d' || event === 'enforced'
              ? 'high'
              : 'normal',
          title,
          description: `${lead} Open: ${shown}${
            names.length > 5 ? ` and ${names.length - 5} more` : ''
          }.`,
        });
      }
    }
  }
  return notices;
}
