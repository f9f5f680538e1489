/**
 * upgrade.crd-versions: CRD storage migrations pending (`status.storedVersions`
 * listing a version no longer served) and served versions marked deprecated.
 */
import type { BuiltinClusterCheck } from '../builtinContext';
import { fail, listed, notApplicable, pass, warn } from '../builtinContext';
import { crdVersionFindings } from './upgradeFindings';

const crdVersionsCheck: BuiltinClusterCheck = {
  id: 'upgrade.crd-versions',
  dimension: 'upgrade',
  kinds: 'all',
  severity: 'high',
  scope: 'cluster',
  reads: ['customresourcedefinitions'],
  title: 'CRD storage migrated off old versions; deprecated versions announced',
  remediation:
    'Migrate stored objects to the storage version (rewrite every object, e.g. with kube-storage-version-migrator), then remove the old version from status.storedVersions; move clients off served versions marked deprecated before a release drops them.',
  docsUrl:
    'https://kubernetes.io/docs/tasks/extend-kubernetes/custom-resources/custom-resource-definition-versioning/#upgrade-existing-objects-to-a-new-stored-version',
  evaluate(_component, context) {
    const crds = context.instance.objects.customResourceDefinitions;
    if (!crds.length)
      return notApplicable(
        `no CustomResourceDefinition of this component in cluster ${context.index.name}`,
      );
    const requests =
      context.cluster.apiServerMetrics?.deprecatedApiRequests ?? [];
    const findings = crds.flatMap(crd => crdVersionFindings(crd, requests));
    const blockers = findings.filter(f => f.severity === 'blocker');
    const warnings = findings.filter(f => f.severity === 'warning');
    const observed = {
      crds: crds.length,
      storedVersions: Object.fromEntries(
        crds.map(crd => [
          crd.metadata.name,
          crd.status?.storedVersions ?? null,
        ]),
      ),
      findings: findings.slice(0, 50),
    };
    if (blockers.length)
      return fail(
        listed(
          blockers.map(f => f.message),
          2,
        ),
        observed,
      );
    if (warnings.length)
      return warn(
        listed(
          warnings.map(f => f.message),
          2,
        ),
        observed,
      );
    return pass(
      `${crds.length} CRD(s) store only served versions and serve none marked deprecated`,
      observed,
    );
  },
};

export const crdVersionChecks = [crdVersionsCheck];
