import { useCallback, useEffect, useState } from 'react';
import { Grid } from '@backstage/ui';
import {
  EmptyState,
  Progress,
  ResponseErrorPanel,
} from '@backstage/core-components';
import { ResponseError } from '@backstage/errors';
import {
  CheckResult,
  ComponentDetail,
  EXTENSION_KIND_INFO,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { useComponentDetail } from '../../hooks/useComponentDetail';
import { useComponentPermissions } from '../../hooks/useComponentPermissions';
import { REFUSED } from '../../format/permissionReasons';
import { BlastRadiusPanel } from './BlastRadiusPanel';
import { CertificatesPanel } from './CertificatesPanel';
import { resultKey } from './blockers';
import { CheckFocus, CheckResults } from './CheckResults';
import { DesignRecordPanel } from './DesignRecordPanel';
import { ExperimentsTimeline } from './ExperimentsTimeline';
import { HardGates } from './HardGates';
import { InstancesPanel } from './InstancesPanel';
import { RbacFindingsPanel } from './RbacFindingsPanel';
import { ScoreHistoryChart } from './ScoreHistoryChart';
import { ScoreSummary } from './ScoreSummary';
import { WaiverRequestDialog } from './WaiverRequestDialog';
import { WaiversPanel } from './WaiversPanel';
import { CampaignItemsCard } from '../Campaigns';

/** One component's scorecard: everything its owners need to move it up a level. */
export const ComponentScorecard = (props: {
  componentId: string;
  /** Called with each loaded detail (the plugin page titles itself from it). */
  onDetail?: (detail: ComponentDetail) => void;
}) => {
  const { componentId, onDetail } = props;
  const [reloadKey, setReloadKey] = useState(0);
  const reload = useCallback(() => setReloadKey(key => key + 1), []);
  const detail = useComponentDetail(componentId, reloadKey);
  useEffect(() => {
    if (detail.value) onDetail?.(detail.value);
  }, [detail.value, onDetail]);
  // Hard gates and blockers name a check; its row (with the message) comes into view.
  const [focus, setFocus] = useState<CheckFocus | undefined>();
  const showCheck = useCallback(
    (result: CheckResult) =>
      setFocus(previous => ({
        key: resultKey(result),
        seq: (previous?.seq ?? 0) + 1,
      })),
    [],
  );
  // Asked of the permission framework with the component as the resource: the
  // policy decides by its owning team.
  const permissions = useComponentPermissions(componentId);
  const [waiverFor, setWaiverFor] = useState<
    { checkId?: string; cluster?: string } | undefined
  >();

  if (detail.error) {
    if (ResponseError.is(detail.error) && detail.error.statusCode === 404) {
      return (
        <EmptyState
          missing="data"
          title="Not in the latest snapshot"
          description={`The scorecard has no results for ${componentId}. It appears after a collection finds an extension (a webhook configuration, CRD, APIService, scheduler or node agent) among the cluster objects this entity names through the Kubernetes plugin's annotations, or when the entity declares spec.extension. An ordinary application has no scorecard.`}
        />
      );
    }
    return <ResponseErrorPanel error={detail.error} />;
  }
  if (!detail.value) return <Progress />;

  const { scorecard, instances, evidence, waivers, history, designRecord } =
    detail.value;
  const syncPath = EXTENSION_KIND_INFO[scorecard.kind]?.syncPath;
  const requestWaiver = permissions.request.allowed
    ? (result: CheckResult) =>
        setWaiverFor({ checkId: result.checkId, cluster: result.cluster ?? '' })
    : undefined;

  return (
    <Grid.Root columns="12" gap="6">
      {scorecard.hardGates.length > 0 && (
        <Grid.Item colSpan="12">
          <HardGates hardGates={scorecard.hardGates} onShowCheck={showCheck} />
        </Grid.Item>
      )}
      <Grid.Item colSpan={{ initial: '12', md: '5' }}>
        <ScoreSummary detail={detail.value} onShowCheck={showCheck} />
      </Grid.Item>
      <Grid.Item colSpan={{ initial: '12', md: '7' }}>
        <ScoreHistoryChart history={history} />
      </Grid.Item>
      <Grid.Item colSpan="12">
        <CampaignItemsCard
          title="Campaigns"
          subheader="Open campaigns this component is part of, and what it must do for each"
          query={{ component: scorecard.componentId }}
          show="campaign"
          empty="Not part of an open campaign."
        />
      </Grid.Item>
      <Grid.Item colSpan="12">
        <CheckResults
          results={scorecard.results}
          onRequestWaiver={requestWaiver}
          requestRefusal={
            permissions.request.loading || permissions.request.allowed
              ? undefined
              : REFUSED.waiverRequest
          }
          focus={focus}
        />
      </Grid.Item>
      <Grid.Item colSpan="12">
        <DesignRecordPanel
          record={designRecord ?? null}
          kind={scorecard.kind}
          owner={scorecard.owner}
          lifecycle={scorecard.lifecycle}
          orphan={scorecard.orphan}
        />
      </Grid.Item>
      {(syncPath || scorecard.blastRadius.length > 0) && (
        <Grid.Item colSpan="12">
          <BlastRadiusPanel entries={scorecard.blastRadius} />
        </Grid.Item>
      )}
      {/* Full width: identifiers (clusters, bindings, DNs) need the room to stay whole. */}
      <Grid.Item colSpan="12">
        <CertificatesPanel certificates={scorecard.certificates} />
      </Grid.Item>
      <Grid.Item colSpan="12">
        <RbacFindingsPanel findings={scorecard.rbacFindings} />
      </Grid.Item>
      <Grid.Item colSpan="12">
        <InstancesPanel instances={instances} />
      </Grid.Item>
      <Grid.Item colSpan={{ initial: '12', lg: '6' }}>
        <ExperimentsTimeline
          evidence={evidence}
          requirement={scorecard.results.find(
            r => r.checkId === 'experiments.required',
          )}
          submitRefusal={
            permissions.evidence.loading || permissions.evidence.allowed
              ? undefined
              : REFUSED.evidenceCreate
          }
        />
      </Grid.Item>
      <Grid.Item colSpan={{ initial: '12', lg: '6' }}>
        <WaiversPanel
          waivers={waivers}
          permissions={permissions}
          onRequest={() => setWaiverFor({})}
          onChanged={reload}
        />
      </Grid.Item>
      <WaiverRequestDialog
        open={waiverFor !== undefined}
        componentId={componentId}
        results={scorecard.results}
        clusters={scorecard.clusters}
        initial={waiverFor}
        onClose={() => setWaiverFor(undefined)}
        onRequested={reload}
      />
    </Grid.Root>
  );
};
