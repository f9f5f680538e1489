/**
 * Notifications already sent, keyed by what they are about (e.g. a certificate and
 * its notAfter), so each condition is announced once, not on every run.
 */
import type { Knex } from 'knex';
import type { NotificationLogStore } from './interfaces';

const CHUNK = 400;

/** {@link NotificationLogStore} over the plugin's database. */
export class DatabaseNotificationLogStore implements NotificationLogStore {
  constructor(private readonly knex: Knex) {}

  /** The keys not sent yet, out of those given. */
  async unsent(keys: readonly string[]): Promise<string[]> {
    const sent = new Set<string>();
    for (let i = 0; i < keys.length; i += CHUNK) {
      const rows = await this.knex('notification_log')
        .whereIn('key', keys.slice(i, i + CHUNK))
        .select('key');
      for (const row of rows) sent.add(row.key);
    }
    return [...new Set(keys)].filter(k => !sent.has(k));
  }

  /** Records keys as sent. */
  async markSent(keys: readonly string[], now: string): Promise<void> {
    for (let i = 0; i < keys.length; i += CHUNK) {
      await this.knex('notification_log')
        .insert(keys.slice(i, i + CHUNK).map(key => ({ key, sent_at: now })))
        .onConflict('key')
        .ignore();
    }
  }

  /** Forgets entries older than `before`. */
  async prune(before: string): Promise<number> {
    return Number(
      await this.knex('notification_log')
        .where('sent_at', '<', before)
        .delete(),
    );
  }
}
