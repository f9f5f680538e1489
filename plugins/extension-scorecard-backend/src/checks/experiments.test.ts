import { daysFrom } from './__testUtils__/certificates';
import { NOW } from './__testUtils__/components';
import {
  cniFixture,
  crdControllerFixture,
  run,
} from './__testUtils__/fixtures';
import { kubeObject } from './__testUtils__/kube';

describe('experiment checks', () => {
  describe('experiments.required', () => {
    it('passes when every required scenario ran recently and passed', () => {
      expect(run(cniFixture(), 'experiments.required')).toMatchObject({
        status: 'pass',
        message: 'node-plugin-unavailable passed 10 days ago',
      });
    });
    it('fails when a required scenario never ran', () => {
      const f = crdControllerFixture();
      f.evidence = [];
      expect(run(f, 'experiments.required')).toMatchObject({
        status: 'fail',
        message: 'never ran: controller-crash-before-status',
        remediation: expect.stringMatching(/^Run the kind's minimal fault/),
      });
    });
    it('fails when the newest run failed, even after an older pass', () => {
      const f = cniFixture();
      f.evidence.push({
        ...f.evidence[0],
        id: 'ev-new',
        verdict: 'fail',
        startedAt: daysFrom(NOW, -2),
        injectedAt: daysFrom(NOW, -2),
      });
      expect(run(f, 'experiments.required')).toMatchObject({
        status: 'fail',
        message: `failed: node-plugin-unavailable (newest run ev-new on ${daysFrom(
          NOW,
          -2,
        ).slice(0, 10)} failed)`,
        remediation: expect.stringMatching(
          /^Fix what the failed experiment showed/,
        ),
      });
    });
    it('warns when the newest run is older than the freshness window (configurable)', () => {
      const f = cniFixture();
      f.evidence[0].injectedAt = daysFrom(NOW, -130);
      expect(run(f, 'experiments.required')).toMatchObject({
        status: 'warn',
        message:
          'stale: node-plugin-unavailable (last passed 130 days ago; freshness window 90 days)',
        remediation: expect.stringContaining('older than 90 days'),
      });
      const { readChecksConfig } = require('./config');
      const { ConfigReader } = require('@backstage/config');
      const config = readChecksConfig(
        new ConfigReader({
          extensionScorecard: { experiments: { freshnessDays: 180 } },
        }),
      );
      expect(run(f, 'experiments.required', { config }).status).toBe('pass');
    });
    it('matches evidence by short component refs too', () => {
      const f = cniFixture();
      f.evidence[0].component = 'calico';
      expect(run(f, 'experiments.required').status).toBe('pass');
    });
    it('counts Chaos Mesh and LitmusChaos records found in the cluster', () => {
      const f = cniFixture();
      f.evidence = [];
      f.objects.chaosResults = [
        kubeObject(
          'litmuschaos.io/v1alpha1',
          'ChaosResult',
          'calico-node-chaos-pod-delete',
          'litmus',
          {
            status: {
              experimentStatus: {
                phase: 'Completed',
                verdict: 'Fail',
                errorOutput: { reason: 'probe failed' },
              },
              probeStatuses: [],
            },
          },
          {
            creationTimestamp: daysFrom(NOW, -40),
            annotations: {
              'extension-scorecard.io/scenario': 'node-plugin-unavailable',
            },
          },
        ),
      ];
      expect(run(f, 'experiments.required')).toMatchObject({
        status: 'fail',
        message: expect.stringContaining(
          'prod-eu/ChaosResult/litmus/calico-node-chaos-pod-delete',
        ),
      });
      f.objects.chaosResults.push(
        kubeObject(
          'chaos-mesh.org/v1alpha1',
          'PodChaos',
          'calico-node-one-node-down',
          'calico-system',
          {
            status: {
              conditions: [
                { type: 'AllRecovered', status: 'True' },
                { type: 'Paused', status: 'False' },
              ],
              experiment: {
                desiredPhase: 'Stop',
                containerRecords: [
                  {
                    events: [
                      { operation: 'Apply', timestamp: daysFrom(NOW, -5) },
                      { operation: 'Recover', timestamp: daysFrom(NOW, -5) },
                    ],
                  },
                ],
              },
            },
          },
          {
            creationTimestamp: daysFrom(NOW, -5),
            annotations: {
              'extension-scorecard.io/scenario': 'node-plugin-unavailable',
            },
          },
        ),
      );
      expect(run(f, 'experiments.required').status).toBe('pass');
    });
  });

  it('counts a chaos record once when it was also imported as evidence', () => {
    const f = cniFixture();
    f.evidence = [];
    const record = kubeObject(
      'litmuschaos.io/v1alpha1',
      'ChaosResult',
      'calico-node-chaos',
      'litmus',
      {
        status: { experimentStatus: { verdict: 'Pass' } },
      },
      {
        creationTimestamp: daysFrom(NOW, -3),
        annotations: {
          'extension-scorecard.io/scenario': 'node-plugin-unavailable',
        },
      },
    );
    f.objects.chaosResults = [record];
    const { evidenceFromChaosObjects } = require('./chaosEvidence');
    const imported = evidenceFromChaosObjects(f.component).map((e: any) => ({
      ...e,
      id: 'stored-1',
    }));
    const result = run(f, 'experiments.required', { evidence: imported });
    expect(result.observed!['node-plugin-unavailable']).toMatchObject({
      evidence: 'stored-1',
    });
  });

  describe('experiments.evidence-complete', () => {
    it('passes when the newest run records every observation', () => {
      expect(run(cniFixture(), 'experiments.evidence-complete')).toMatchObject({
        status: 'pass',
        message: 'complete observations: node-plugin-unavailable run ev-cni-0',
      });
    });
    it('warns naming the missing observations', () => {
      const f = cniFixture();
      f.evidence[0].observations = {
        faultConfinedToNode: true,
        nodeAlertFired: '',
      };
      expect(run(f, 'experiments.evidence-complete')).toMatchObject({
        status: 'warn',
        message:
          'node-plugin-unavailable run ev-cni-0 lacks nodeAlertFired, selfRecovered',
      });
    });
    it('has nothing to judge without evidence', () => {
      const f = cniFixture();
      f.evidence = [];
      expect(run(f, 'experiments.evidence-complete')).toMatchObject({
        status: 'not-applicable',
        message: 'no evidence submitted yet (see experiments.required)',
      });
    });
  });
});
