/**
 * The scorecard part of a permission policy and the component rules it relies on,
 * over an in-memory catalog: who gets which decision, and how the conditions apply
 * to components (child groups of the owner count as the owner).
 */
import { mockCredentials, mockServices } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import type { Entity } from '@backstage/catalog-model';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import {
  AuthorizeResult,
  type Permission,
} from '@backstage/plugin-permission-common';
import { createConditionAuthorizer } from '@backstage/plugin-permission-node';
import {
  extensionScorecardAuditExportPermission,
  extensionScorecardEvidenceCreatePermission,
  extensionScorecardOrphansReadPermission,
  extensionScorecardReadPermission,
  extensionScorecardRefreshPermission,
  extensionScorecardWaiverApprovePermission,
  extensionScorecardWaiverRequestPermission,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import {
  componentRuleset,
  extensionScorecardComponentPermissionRules as rules,
  type ScorecardComponentResource,
} from './componentResource';
import { CatalogGroups } from './groups';
import {
  ExtensionScorecardPolicy,
  readExtensionScorecardPolicyGroups,
} from './policy';

const group = (
  name: string,
  parent?: string,
  children: string[] = [],
): Entity => ({
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Group',
  metadata: { name, namespace: 'default' },
  spec: { type: 'team', children },
  relations: [
    ...(parent
      ? [{ type: 'childOf', targetRef: `group:default/${parent}` }]
      : []),
    ...children.map(c => ({
      type: 'parentOf',
      targetRef: `group:default/${c}`,
    })),
  ],
});
const user = (name: string, groups: string[]): Entity => ({
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'User',
  metadata: { name, namespace: 'default' },
  spec: { memberOf: groups },
  relations: groups.map(g => ({
    type: 'memberOf',
    targetRef: `group:default/${g}`,
  })),
});

const ENTITIES = [
  group('platform', undefined, ['storage', 'platform-admins', 'approvers']),
  group('storage', 'platform', ['storage-oncall']),
  group('storage-oncall', 'storage'),
  group('network', undefined),
  group('platform-admins', 'platform'),
  group('approvers', 'platform', ['approvers-emea']),
  group('approvers-emea', 'approvers'),
  user('olga', ['storage']),
  user('oscar', ['storage-oncall']),
  user('nina', ['network']),
  user('adam', ['platform-admins']),
  user('emma', ['approvers-emea']),
  user('sam', ['approvers', 'storage']),
];

function setup(config: object = {}) {
  const catalog = catalogServiceMock({ entities: ENTITIES });
  const auth = mockServices.auth();
  const userInfo = {
    async getUserInfo(credentials: any) {
      const ref = credentials.principal.userEntityRef as string;
      const entity = ENTITIES.find(
        e => `user:default/${e.metadata.name}` === ref,
      );
      return {
        userEntityRef: ref,
        ownershipEntityRefs: [
          ref,
          ...(entity?.relations ?? []).map(r => r.targetRef),
        ],
      };
    },
  };
  const policy = ExtensionScorecardPolicy.fromConfig(
    new ConfigReader({ extensionScorecard: { permissions: config } }),
    { catalog, auth, userInfo },
  );
  const groups = new CatalogGroups({ catalog, auth });
  const resource = async (
    owner: string | null,
    extra: Partial<ScorecardComponentResource> = {},
  ): Promise<ScorecardComponentResource> => ({
    id: `component:default/${owner ?? 'orphan'}-thing`,
    kind: 'csi-driver',
    clusters: ['prod'],
    owner: owner && `group:default/${owner}`,
    ownedBy: owner
      ? [...(await groups.groupWithDescendants(`group:default/${owner}`))]
      : [],
    ...extra,
  });
  const authorize = createConditionAuthorizer(componentRuleset);
  /** The decision for a user, applied to a resource when it is conditional. */
  const decide = async (
    who: string,
    permission: Permission,
    on?: ScorecardComponentResource,
  ): Promise<string> => {
    const decision = await policy.decide(
      { permission },
      {
        credentials: mockCredentials.user(`user:default/${who}`),
        info: { userEntityRef: `user:default/${who}`, ownershipEntityRefs: [] },
      },
    );
    if (!decision) return 'not ours';
    if (decision.result !== AuthorizeResult.CONDITIONAL) return decision.result;
    return authorize(decision, on) ? 'ALLOW' : 'DENY';
  };
  return { policy, decide, resource };
}

describe('ExtensionScorecardPolicy', () => {
  it('reads its groups from config, approvers defaulting to the admins', () => {
    expect(readExtensionScorecardPolicyGroups(new ConfigReader({}))).toEqual({
      admins: ['group:default/platform-admins'],
      approvers: ['group:default/platform-admins'],
    });
    expect(
      readExtensionScorecardPolicyGroups(
        new ConfigReader({
          extensionScorecard: {
            permissions: {
              admins: ['Group:default/Ops'],
              approvers: ['audit'],
            },
          },
        }),
      ),
    ).toEqual({
      admins: ['group:default/ops'],
      approvers: ['group:default/audit'],
    });
    expect(() =>
      readExtensionScorecardPolicyGroups(
        new ConfigReader({
          extensionScorecard: { permissions: { admins: ['group:'] } },
        }),
      ),
    ).toThrow(/extensionScorecard\.permissions\.admins/);
  });

  it('leaves other plugins’ permissions to the app’s policy and refuses anonymous callers', async () => {
    const { policy } = setup();
    expect(
      await policy.decide({
        permission: {
          type: 'basic',
          name: 'catalog.entity.create',
          attributes: { action: 'create' },
        },
      }),
    ).toBeUndefined();
    expect(
      await policy.decide({ permission: extensionScorecardReadPermission }),
    ).toEqual({ result: AuthorizeResult.DENY });
  });

  it('lets the owning team, child groups included, request waivers and submit evidence', async () => {
    const { decide, resource } = setup();
    const storage = await resource('storage');
    const network = await resource('network');
    for (const permission of [
      extensionScorecardWaiverRequestPermission,
      extensionScorecardEvidenceCreatePermission,
    ]) {
      expect(await decide('olga', permission, storage)).toBe('ALLOW');
      expect(await decide('oscar', permission, storage)).toBe('ALLOW');
      expect(await decide('olga', permission, network)).toBe('DENY');
      expect(await decide('nina', permission, storage)).toBe('DENY');
      // a member of the parent group is not a member of the owning team
      expect(await decide('adam', permission, storage)).toBe('DENY');
      expect(await decide('olga', permission, await resource(null))).toBe(
        'DENY',
      );
    }
  });

  it('lets approvers (through child groups too) approve outside their own team only', async () => {
    const { decide, resource } = setup({
      approvers: ['group:default/approvers'],
    });
    const storage = await resource('storage');
    const network = await resource('network');
    const approve = extensionScorecardWaiverApprovePermission;
    expect(await decide('emma', approve, storage)).toBe('ALLOW');
    expect(await decide('emma', approve, network)).toBe('ALLOW');
    expect(await decide('sam', approve, network)).toBe('ALLOW');
    expect(await decide('sam', approve, storage)).toBe('DENY');
    expect(await decide('adam', approve, network)).toBe('DENY');
    expect(await decide('olga', approve, network)).toBe('DENY');
  });

  it('keeps refresh, the audit export and orphans for platform admins', async () => {
    const { decide } = setup();
    for (const permission of [
      extensionScorecardRefreshPermission,
      extensionScorecardAuditExportPermission,
      extensionScorecardOrphansReadPermission,
    ]) {
      expect(await decide('adam', permission)).toBe('ALLOW');
      expect(await decide('olga', permission)).toBe('DENY');
      expect(await decide('emma', permission)).toBe('DENY');
    }
    expect(await decide('nina', extensionScorecardReadPermission)).toBe(
      'ALLOW',
    );
  });
});

describe('component permission rules', () => {
  const component: ScorecardComponentResource = {
    id: 'component:default/ebs-csi',
    kind: 'csi-driver',
    clusters: ['prod-eu', 'staging-us'],
    owner: 'group:default/storage',
    ownedBy: ['group:default/storage', 'group:default/storage-oncall'],
  };

  it('match owners (refs normalised), kinds and clusters', () => {
    expect(
      rules.isOwner.apply(component, { claims: ['Group:default/storage'] }),
    ).toBe(true);
    expect(
      rules.isOwner.apply(component, {
        claims: ['group:default/storage-oncall'],
      }),
    ).toBe(true);
    expect(
      rules.isOwner.apply(component, {
        claims: ['group:default/network', 'not a ref:'],
      }),
    ).toBe(false);
    expect(
      rules.isKind.apply(component, { kinds: ['csi-driver', 'cni-plugin'] }),
    ).toBe(true);
    expect(
      rules.isKind.apply(component, { kinds: ['admission-webhook'] }),
    ).toBe(false);
    expect(rules.inCluster.apply(component, { clusters: ['staging-us'] })).toBe(
      true,
    );
    expect(rules.inCluster.apply(component, { clusters: ['prod-us'] })).toBe(
      false,
    );
  });

  it('translate to queries on the same property', () => {
    expect(rules.isOwner.toQuery({ claims: ['storage'] })).toEqual({
      property: 'ownedBy',
      values: ['group:default/storage'],
    });
    expect(rules.isKind.toQuery({ kinds: ['csi-driver'] })).toEqual({
      property: 'kind',
      values: ['csi-driver'],
    });
    expect(rules.inCluster.toQuery({ clusters: ['prod-eu'] })).toEqual({
      property: 'cluster',
      values: ['prod-eu'],
    });
  });

  it('refuses an unknown rule name', () => {
    expect(() => componentRuleset.getRuleByName('IS_MAINFRAME')).toThrow(
      /Unknown permission rule IS_MAINFRAME/,
    );
  });
});
