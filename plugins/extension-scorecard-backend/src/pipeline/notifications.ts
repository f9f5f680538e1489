/**
 * Notifications to the owning group after each snapshot: a certificate entering
 * its warn window, a waiver expiring soon, a migration deadline coming up, a
 * component dropping a level, a campaign's reminders (./campaignNotices). Each condition is sent once (notification_log).
 * Off unless the notifications backend is installed; each kind can be turned off.
 */
import { LoggerService } from '@backstage/backend-plugin-api';
import { parseEntityRef } from '@backstage/catalog-model';
import { Config } from '@backstage/config';
import type { NotificationService } from '@backstage/plugin-notifications-node';
import type { NotificationSeverity } from '@backstage/plugin-notifications-common';
import {
  LEVEL_TITLES,
  type ComponentScorecard,
  type Waiver,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import {
  certificateCountdown,
  certificateIdentity,
  certificateName,
  groupByCertificate,
} from '../checks/certificateText';
import { retirementDate } from '../service/audit/auditReport';
import {
  savedFilterLookup,
  type ScorecardStores,
  type StoredCampaign,
} from '../store';
import type { WrittenSnapshot } from './assembleSnapshot';
import { campaignNotices, remindersDueSince } from './campaignNotices';
import type { TeamsBelow } from './campaignRules';
import { resolveCampaignScope } from '../scoring';

/** `extensionScorecard.notifications`. */
export interface NotificationSettings {
  enabled: boolean;
  certificates: { enabled: boolean; warnDays: number };
  waivers: { enabled: boolean; withinDays: number };
  migrations: { enabled: boolean; withinDays: number };
  levelDrops: { enabled: boolean };
  /** Campaign reminders to the teams with open items. */
  campaigns: { enabled: boolean };
}

/** Reads the settings; `certificateWarnDays` is the cert.expiry check's warn threshold. */
export function readNotificationSettings(
  config: Config,
  certificateWarnDays: number,
): NotificationSettings {
  const root = config.getOptionalConfig('extensionScorecard.notifications');
  const flag = (key: string) =>
    root?.getOptionalBoolean(`${key}.enabled`) ?? true;
  const days = (key: string, fallback: number) => {
    const value = root?.getOptionalNumber(key) ?? fallback;
    if (!Number.isInteger(value) || value < 0 || value > 3650) {
      throw new Error(
        `Invalid config at extensionScorecard.notifications.${key}: expected whole days between 0 and 3650, got ${value}`,
      );
    }
    return value;
  };
  return {
    enabled: root?.getOptionalBoolean('enabled') ?? true,
    certificates: {
      enabled: flag('certificates'),
      warnDays: days('certificates.warnDays', certificateWarnDays),
    },
    waivers: {
      enabled: flag('waivers'),
      withinDays: days('waivers.withinDays', 14),
    },
    migrations: {
      enabled: flag('migrations'),
      withinDays: days('migrations.withinDays', 30),
    },
    levelDrops: { enabled: flag('levelDrops') },
    campaigns: { enabled: flag('campaigns') },
  };
}

/** One notification to one owning group. */
export interface Notice {
  /** What it is about; sent once per key. */
  key: string;
  owner: string;
  title: string;
  description: string;
  /** The component it is about ('' for none: then `link` says where to look). */
  componentId: string;
  /** Where the notification points (default: the component's scorecard tab). */
  link?: string;
  severity: NotificationSeverity;
}

function entityLink(componentId: string): string | undefined {
  try {
    const ref = parseEntityRef(componentId);
    return `/catalog/${ref.namespace}/${ref.kind.toLocaleLowerCase('en-US')}/${
      ref.name
    }/extension-scorecard`;
  } catch {
    return undefined;
  }
}

function daysUntil(date: string, now: Date): number {
  return Math.floor((Date.parse(date) - now.getTime()) / 86_400_000);
}

/** The places a certificate is used, as many as a notification shows. */
const PLACES_SHOWN = 5;

/**
 * One notice per component and certificate: a CA carried by several caBundles, or
 * in several clusters, is one certificate (by fingerprint), its places listed.
 */
function certificateNotices(
  card: ComponentScorecard,
  settings: NotificationSettings,
): Notice[] {
  const due = card.certificates.filter(
    c =>
      c.daysLeft !== undefined && c.daysLeft <= settings.certificates.warnDays,
  );
  return groupByCertificate(due).map(({ finding: c, places }) => {
    const shown = places
      .slice(0, PLACES_SHOWN)
      .map(p => `${p.source} in ${p.cluster}`);
    const more = places.length - shown.length;
    return {
      key: `certificate:${card.componentId}:${certificateIdentity(c)}:${
        c.notAfter
      }`,
      owner: card.owner!,
      componentId: card.componentId,
      severity: c.daysLeft! < 7 ? 'critical' : 'high',
      title: `${card.name}: certificate ${certificateName(
        c,
      )} ${certificateCountdown(c)}`,
      description: `${c.subject ?? 'The certificate'}${
        c.issuer && c.issuer !== c.subject ? `, issued by ${c.issuer},` : ''
      } is valid until ${c.notAfter}. ${
        places.length === 1
          ? 'It is used in'
          : `It is used in ${places.length} places:`
      } ${shown.join('; ')}${more ? ` and ${more} more` : ''}.`,
    };
  });
}

function migrationNotices(
  card: ComponentScorecard,
  settings: NotificationSettings,
  now: Date,
): Notice[] {
  return card.results
    .filter(r => r.checkId === 'retirement.migration-plan')
    .flatMap(r => {
      const target = retirementDate(r);
      if (!target || Number.isNaN(Date.parse(target))) return [];
      const left = daysUntil(target, now);
      if (left < 0 || left > settings.migrations.withinDays) return [];
      return [
        {
          key: `migration:${card.componentId}:${target}`,
          owner: card.owner!,
          componentId: card.componentId,
          severity: 'high' as const,
          title: `${card.name}: migration deadline in ${left} days`,
          description: `The migration off ${card.name} is due on ${target}. ${r.message}`,
        },
      ];
    });
}

function waiverNotice(waiver: Waiver, owner: string, now: Date): Notice {
  const left = daysUntil(waiver.expiresAt, now);
  return {
    key: `waiver:${waiver.id}:${waiver.expiresAt}`,
    owner,
    componentId: waiver.component,
    severity: 'normal',
    title: `Waiver for ${waiver.checkId} expires in ${left} days`,
    description: `The waiver on ${waiver.component}${
      waiver.cluster ? ` (${waiver.cluster})` : ''
    } ends on ${
      waiver.expiresAt
    }: fix the check or request a new waiver. Reason given: ${waiver.reason}`,
  };
}

/** Everything a written snapshot should announce (pure, for tests). */
export function snapshotNotices(
  written: WrittenSnapshot,
  expiringWaivers: ReadonlyArray<Waiver & { owner: string | null }>,
  settings: NotificationSettings,
  now: Date,
): Notice[] {
  if (!settings.enabled) return [];
  const notices: Notice[] = [];
  const owners = new Map(written.scorecards.map(c => [c.componentId, c.owner]));
  for (const card of written.scorecards) {
    if (!card.owner) continue;
    if (settings.certificates.enabled)
      notices.push(...certificateNotices(card, settings));
    if (settings.migrations.enabled)
      notices.push(...migrationNotices(card, settings, now));
  }
  if (settings.waivers.enabled) {
    for (const waiver of expiringWaivers) {
      const owner = owners.get(waiver.component) ?? waiver.owner;
      if (owner) notices.push(waiverNotice(waiver, owner, now));
    }
  }
  if (settings.levelDrops.enabled) {
    for (const change of written.levelChanges) {
      if (change.to >= change.from || !change.owner) continue;
      notices.push({
        key: `level-drop:${change.componentId}:${written.snapshotId}`,
        owner: change.owner,
        componentId: change.componentId,
        severity: 'high',
        title: `${change.name} dropped from ${LEVEL_TITLES[change.from]} to ${
          LEVEL_TITLES[change.to]
        }`,
        description: `Snapshot ${written.snapshotId} (${written.takenAt}) rates ${change.name} lower than the one before; the scorecard shows which checks got worse.`,
      });
    }
  }
  return notices;
}

/** Sends a snapshot's notices, and campaign reminders due between snapshots, each once. */
export class ScorecardNotifier {
  constructor(
    private readonly deps: {
      notifications: NotificationService;
      stores: ScorecardStores;
      settings: NotificationSettings;
      logger: LoggerService;
      /** A group with every group below it (campaign scopes name teams). */
      teamsBelow?: TeamsBelow;
      now?: () => Date;
    },
  ) {}

  /** Campaigns with their scope resolved (teams with the groups below them). */
  private async resolved(campaigns: readonly StoredCampaign[]) {
    const teamsBelow = this.deps.teamsBelow ?? (async team => [team]);
    const out = [];
    for (const campaign of campaigns) {
      out.push({
        campaign,
        scope: await resolveCampaignScope(
          campaign.scope,
          teamsBelow,
          savedFilterLookup(this.deps.stores.savedFilters),
        ),
      });
    }
    return out;
  }

  private now(): Date {
    return this.deps.now ? this.deps.now() : new Date();
  }

  async notify(written: WrittenSnapshot): Promise<number> {
    const { stores, settings } = this.deps;
    const now = this.now();
    const expiring = settings.waivers.enabled
      ? (
          await stores.waivers.list(
            {
              expiringWithinDays: settings.waivers.withinDays,
              offset: 0,
              limit: 1000,
            },
            now.toISOString(),
          )
        ).items
      : [];
    const notices = snapshotNotices(written, expiring, settings, now);
    if (settings.enabled && settings.campaigns.enabled) {
      notices.push(
        ...campaignNotices(
          written.scorecards,
          await this.resolved(await stores.campaigns.open()),
          now,
        ),
      );
    }
    return this.send(notices, now);
  }

  /** What {@link remindCampaigns} looked at for the latest snapshot (snapshot id, then what each campaign was due for). */
  private reminded = { snapshotId: -1, due: new Set<string>() };

  /**
   * Campaign reminders due between snapshots: an event whose window opened after the
   * latest snapshot was written (two days before a deadline at 09:00, the snapshot at
   * 02:00), or a campaign created or changed since, is announced from that snapshot's
   * standing instead of waiting for the next one. Each reminder is still sent once.
   * Nothing new since the snapshot: only the open campaigns are read.
   */
  async remindCampaigns(): Promise<number> {
    const { stores, settings } = this.deps;
    if (!settings.enabled || !settings.campaigns.enabled) return 0;
    const now = this.now();
    const latest = await stores.snapshots.latestSnapshot();
    if (!latest) return 0;
    if (this.reminded.snapshotId !== latest.id) {
      this.reminded = { snapshotId: latest.id, due: new Set() };
    }
    const due = remindersDueSince(
      await stores.campaigns.open(),
      Date.parse(latest.takenAt),
      now.getTime(),
    ).filter(d => !this.reminded.due.has(d.due));
    if (!due.length) return 0;
    const scorecards = await stores.components.loadScorecards(latest, {
      entityRefs: null,
      orphans: true,
    });
    const sent = await this.send(
      campaignNotices(
        [...scorecards.values()],
        await this.resolved(due.map(d => d.campaign)),
        now,
      ),
      now,
    );
    for (const d of due) this.reminded.due.add(d.due);
    return sent;
  }

  /** Sends the notices not sent before; a failed one is tried again next time. */
  private async send(notices: Notice[], now: Date): Promise<number> {
    const { stores, notifications, logger } = this.deps;
    const unsent = new Set(
      await stores.notificationLog.unsent(notices.map(n => n.key)),
    );
    const sent: string[] = [];
    for (const notice of notices) {
      if (!unsent.has(notice.key)) continue;
      unsent.delete(notice.key);
      try {
        await notifications.send({
          recipients: { type: 'entity', entityRef: notice.owner },
          payload: {
            title: notice.title,
            description: notice.description,
            link: notice.link ?? entityLink(notice.componentId),
            severity: notice.severity,
            topic: 'extension-scorecard',
            scope: notice.key,
          },
        });
        sent.push(notice.key);
      } catch (error) {
        logger.warn(
          `extension-scorecard: could not notify ${notice.owner} (${
            notice.key
          }): ${(error as Error).message}`,
        );
      }
    }
    await stores.notificationLog.markSent(sent, now.toISOString());
    if (sent.length)
      logger.info(`extension-scorecard: sent ${sent.length} notifications`);
    return sent.length;
  }
}
