import { checkResult } from '../../__testUtils__/fixtures';
import { compactName, orderedBlockers, resultAnchor } from './blockers';

describe('orderedBlockers', () => {
  const replicas = checkResult({
    checkId: 'availability.replicas',
    dimension: 'availability',
    severity: 'high',
    status: 'fail',
    cluster: 'prod-eu',
    message: 'kyverno-admission-controller has 1 ready replica (< 2)',
  });
  const pdb = checkResult({
    checkId: 'availability.pdb',
    dimension: 'availability',
    severity: 'medium',
    status: 'fail',
    cluster: 'prod-eu',
    message: 'no PodDisruptionBudget covers kyverno-admission-controller',
  });
  const expired = checkResult({
    checkId: 'cert.expiry',
    dimension: 'certificates',
    severity: 'critical',
    status: 'fail',
    cluster: 'prod-eu',
    message: 'CN=kyverno-ca expired on 2026-11-03',
  });
  const unreadable = checkResult({
    checkId: 'rbac.wildcards',
    dimension: 'rbac',
    severity: 'high',
    status: 'unknown',
    cluster: null,
    message: 'reading clusterroles was forbidden',
  });
  const results = [replicas, pdb, expired, unreadable];

  it('orders by severity, critical first, whatever order the server sent', () => {
    const blockers = orderedBlockers(
      [
        'availability.replicas fails in prod-eu: kyverno-admission-controller has 1 ready replica (< 2)',
        'availability.pdb fails in prod-eu: no PodDisruptionBudget covers kyverno-admission-controller',
        'cert.expiry fails in prod-eu: CN=kyverno-ca expired on 2026-11-03',
        'rbac.wildcards cannot be verified: reading clusterroles was forbidden',
      ],
      results,
    );
    expect(blockers.map(b => b.result?.checkId)).toEqual([
      'cert.expiry',
      'availability.replicas',
      'rbac.wildcards',
      'availability.pdb',
    ]);
  });

  it('keeps a sentence that names no result, after the known ones', () => {
    const blockers = orderedBlockers(
      [
        'experiments.required fails: no evidence',
        'availability.pdb fails in prod-eu: no PodDisruptionBudget covers kyverno-admission-controller',
      ],
      results,
    );
    expect(blockers).toEqual([
      { result: pdb },
      { text: 'experiments.required fails: no evidence' },
    ]);
  });

  it('tells results of one check in different clusters apart', () => {
    const staging = { ...replicas, cluster: 'staging-us' };
    const blockers = orderedBlockers(
      [`availability.replicas fails in staging-us: ${staging.message}`],
      [replicas, staging],
    );
    expect(blockers).toEqual([{ result: staging }]);
  });
});

describe('compactName and resultAnchor', () => {
  it('name the result without its message, and give its row a DOM id', () => {
    const result = checkResult({
      checkId: 'webhook.scope',
      status: 'fail',
      cluster: 'prod-eu',
    });
    expect(compactName(result)).toBe('webhook.scope fails in prod-eu');
    expect(compactName({ ...result, cluster: null, status: 'unknown' })).toBe(
      'webhook.scope cannot be verified',
    );
    expect(resultAnchor(result)).toBe('check-row-webhook_scope-prod-eu');
  });
});
