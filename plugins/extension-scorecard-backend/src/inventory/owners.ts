/**
 * Owners: `spec.owner` of a Component resolved to a Group or User entity of the catalog,
 * and the ways to reach it.
 *
 * Contacts read from the owner entity:
 * - `spec.profile.email` → email;
 * - `metadata.links[]` → chat when the link's `type` or `icon` is `chat` (or its URL is
 *   a Slack/Teams/Mattermost/Discord/Matrix address), else link;
 * - annotations `pagerduty.com/service-id` and `pagerduty.com/integration-key`,
 *   `opsgenie.com/team` and `opsgenie.com/component-selector` → oncall. The PagerDuty
 *   integration key is a credential: only its presence is recorded, never its value.
 */
import {
  Entity,
  parseEntityRef,
  stringifyEntityRef,
} from '@backstage/catalog-model';
import type { Contact, OwnerInfo } from './model';

const CHAT_HOSTS =
  /(^|\.)(slack\.com|teams\.microsoft\.com|mattermost\.|discord\.(com|gg)|matrix\.to)/;

/**
 * Normalizes an entity ref for lookups (refs compare case-insensitively). Entity refs are
 * ASCII (the catalog validates names, namespaces and kinds), so the plain lower case is
 * the catalog's `en-US` one.
 */
export function refKey(ref: string): string {
  return ref.toLowerCase();
}

/** Contacts of a Group or User entity. */
export function entityContacts(entity: Entity): Contact[] {
  const contacts: Contact[] = [];
  const profile = (entity.spec as any)?.profile;
  if (typeof profile?.email === 'string' && profile.email) {
    contacts.push({ type: 'email', value: profile.email });
  }
  for (const link of entity.metadata.links ?? []) {
    if (!link?.url) continue;
    let host = '';
    try {
      host = new URL(link.url).hostname;
    } catch {
      // not a URL: still a link as written
    }
    const chat =
      link.type === 'chat' || link.icon === 'chat' || CHAT_HOSTS.test(host);
    contacts.push({
      type: chat ? 'chat' : 'link',
      value: link.url,
      ...(link.title ? { title: link.title } : {}),
    });
  }
  const annotations = entity.metadata.annotations ?? {};
  if (annotations['pagerduty.com/service-id']) {
    contacts.push({
      type: 'oncall',
      value: `pagerduty:service/${annotations['pagerduty.com/service-id']}`,
      title: 'PagerDuty service',
    });
  } else if (annotations['pagerduty.com/integration-key']) {
    contacts.push({
      type: 'oncall',
      value: 'pagerduty:integration',
      title: 'PagerDuty integration',
    });
  }
  if (annotations['opsgenie.com/team']) {
    contacts.push({
      type: 'oncall',
      value: `opsgenie:team/${annotations['opsgenie.com/team']}`,
      title: 'Opsgenie team',
    });
  }
  if (annotations['opsgenie.com/component-selector']) {
    contacts.push({
      type: 'oncall',
      value: `opsgenie:components/${annotations['opsgenie.com/component-selector']}`,
      title: 'Opsgenie components',
    });
  }
  return contacts;
}

/**
 * Resolves `spec.owner` of a Component. A bare name is a Group in the Component's
 * namespace (the catalog's own default). Null when the Component has no owner.
 */
export function resolveOwner(
  component: Entity,
  entitiesByRef: Map<string, Entity>,
): OwnerInfo | null {
  const raw = (component.spec as any)?.owner;
  if (typeof raw !== 'string' || !raw.trim()) return null;
  let ref: string;
  try {
    ref = stringifyEntityRef(
      parseEntityRef(raw.trim(), {
        defaultKind: 'group',
        defaultNamespace: component.metadata.namespace ?? 'default',
      }),
    );
  } catch {
    return { ref: raw, kind: 'unknown', resolved: false, contacts: [] };
  }
  const owner = entitiesByRef.get(refKey(ref));
  if (!owner || (owner.kind !== 'Group' && owner.kind !== 'User')) {
    return { ref, kind: ref.split(':')[0], resolved: false, contacts: [] };
  }
  const displayName =
    (owner.spec as any)?.profile?.displayName ??
    owner.metadata.title ??
    undefined;
  return {
    ref,
    kind: owner.kind,
    resolved: true,
    ...(displayName ? { displayName } : {}),
    contacts: entityContacts(owner),
  };
}
