import { useState } from 'react';
import { Badge, Box, Button, Flex, Text } from '@backstage/ui';
import useAsync from 'react-use/esm/useAsync';
import { InfoCard } from '@backstage/core-components';
import { identityApiRef, useApi } from '@backstage/core-plugin-api';
import { WaiverRecord } from '@extension-scorecard/plugin-extension-scorecard-common';
import { extensionScorecardApiRef } from '../../api';
import { daysUntil, expiryCountdown, formatDate } from '../../format/time';
import { shortRef } from '../../format/refs';
import { REFUSED } from '../../format/permissionReasons';
import { ComponentPermissions } from '../../hooks/useComponentPermissions';
import { WaiverDecision, WaiverDecisionDialog } from './WaiverDecisionDialog';
import { HoverTip, SimpleTable, SimpleTableHead, Td } from '../shared';

function stateLabel(waiver: WaiverRecord): string {
  if (waiver.state === 'approved') {
    if (waiver.active) return 'active';
    const left = daysUntil(waiver.expiresAt);
    return left !== null && left < 0 ? 'expired' : 'approved';
  }
  return waiver.state;
}

/**
 * Waivers of the component: requested, active, expired, rejected and revoked, with
 * approve/reject for approvers (never on their own request) and revoke for approvers
 * or the requester. What the user may not do is missing or disabled, and says why.
 */
export const WaiversPanel = (props: {
  waivers: WaiverRecord[];
  /** The user's permissions on the component (see useComponentPermissions). */
  permissions: Pick<ComponentPermissions, 'request' | 'approve'>;
  onRequest: () => void;
  onChanged: () => void;
}) => {
  const { waivers, permissions, onRequest, onChanged } = props;
  const api = useApi(extensionScorecardApiRef);
  const identityApi = useApi(identityApiRef);
  const canRequest = permissions.request;
  const canApprove = permissions.approve;
  const identity = useAsync(
    () => identityApi.getBackstageIdentity(),
    [identityApi],
  );
  const me = identity.value?.userEntityRef;
  const [pending, setPending] = useState<{
    waiver: WaiverRecord;
    decision: WaiverDecision;
  }>();

  const decide = async (comment: string | undefined) => {
    if (!pending) return;
    const input = comment ? { comment } : {};
    if (pending.decision === 'approve')
      await api.approveWaiver(pending.waiver.id, input);
    if (pending.decision === 'reject') {
      await api.rejectWaiver(pending.waiver.id, { comment: comment ?? '' });
    }
    if (pending.decision === 'revoke')
      await api.revokeWaiver(pending.waiver.id, input);
    onChanged();
  };

  const sorted = [...waivers].sort((a, b) =>
    b.requestedAt.localeCompare(a.requestedAt),
  );
  return (
    <InfoCard
      title="Waivers"
      action={
        canRequest.loading ? undefined : (
          <Box mt="2" mr="2">
            {canRequest.allowed ? (
              <Button variant="secondary" onPress={onRequest}>
                Request a waiver
              </Button>
            ) : (
              // a disabled button fires no events: the span carries the tooltip
              <HoverTip title={REFUSED.waiverRequest}>
                <Button variant="secondary" isDisabled>
                  Request a waiver
                </Button>
              </HoverTip>
            )}
          </Box>
        )
      }
    >
      {!canRequest.loading && !canRequest.allowed && (
        <Text
          as="p"
          variant="body-small"
          color="secondary"
          data-testid="waiver-request-refused"
        >
          {REFUSED.waiverRequest}.
        </Text>
      )}
      {sorted.length === 0 ? (
        <Text as="p">No waiver has been requested for this component.</Text>
      ) : (
        <SimpleTable aria-label="Waivers">
          <SimpleTableHead
            columns={[
              'Check',
              'State',
              'Expiry',
              'Reason',
              'Requested / decided',
              'Actions',
            ]}
          />
          <tbody>
            {sorted.map(waiver => {
              const left = daysUntil(waiver.expiresAt);
              const open =
                waiver.state === 'requested' || waiver.state === 'approved';
              const mine = me !== undefined && me === waiver.requestedBy;
              const decidable =
                waiver.state === 'requested' && canApprove.allowed;
              // The backend never lets the requester approve their own waiver.
              const mayApprove = decidable && me !== undefined && !mine;
              const mayRevoke =
                open && (canApprove.allowed || (canRequest.allowed && mine));
              return (
                <tr key={waiver.id} data-testid={`waiver-${waiver.id}`}>
                  <Td>
                    <Text as="div">{waiver.checkId}</Text>
                    <Text as="div" variant="body-small" color="secondary">
                      {waiver.cluster ?? 'every cluster'}
                    </Text>
                  </Td>
                  <Td>
                    <Badge
                      size="small"
                      style={
                        waiver.active
                          ? {
                              background: 'var(--bui-accent-bg)',
                              color: 'var(--bui-accent-fg)',
                            }
                          : undefined
                      }
                    >
                      {stateLabel(waiver)}
                    </Badge>
                  </Td>
                  <Td>
                    {formatDate(waiver.expiresAt)}
                    {left !== null && open && (
                      <Text as="div" variant="body-small" color="secondary">
                        {expiryCountdown(left)}
                      </Text>
                    )}
                  </Td>
                  <Td>
                    <Text as="div">{waiver.reason}</Text>
                    {waiver.decisionComment && (
                      <Text as="div" variant="body-small" color="secondary">
                        Decision: {waiver.decisionComment}
                      </Text>
                    )}
                  </Td>
                  <Td>
                    <Text as="div" variant="body-small">
                      {shortRef(waiver.requestedBy)},{' '}
                      {formatDate(waiver.requestedAt)}
                    </Text>
                    {waiver.decidedBy && (
                      <Text as="div" variant="body-small" color="secondary">
                        {waiver.state} by {shortRef(waiver.decidedBy)}
                        {waiver.decidedAt
                          ? `, ${formatDate(waiver.decidedAt)}`
                          : ''}
                      </Text>
                    )}
                  </Td>
                  <Td>
                    {waiver.state === 'requested' &&
                      !canApprove.loading &&
                      !mayApprove && (
                        <Text
                          as="div"
                          variant="body-small"
                          color="secondary"
                          data-testid="waiver-approve-refused"
                        >
                          Awaiting approval.{' '}
                          {canApprove.allowed
                            ? REFUSED.ownWaiver
                            : REFUSED.waiverApprove}
                          .
                        </Text>
                      )}
                    <Flex gap="1" style={{ flexWrap: 'wrap' }}>
                      {mayApprove && (
                        <Button
                          size="small"
                          variant="primary"
                          onPress={() =>
                            setPending({ waiver, decision: 'approve' })
                          }
                        >
                          Approve
                        </Button>
                      )}
                      {decidable && (
                        <Button
                          size="small"
                          variant="secondary"
                          onPress={() =>
                            setPending({ waiver, decision: 'reject' })
                          }
                        >
                          Reject
                        </Button>
                      )}
                      {mayRevoke && (
                        <Button
                          size="small"
                          variant="secondary"
                          onPress={() =>
                            setPending({ waiver, decision: 'revoke' })
                          }
                        >
                          Revoke
                        </Button>
                      )}
                    </Flex>
                  </Td>
                </tr>
              );
            })}
          </tbody>
        </SimpleTable>
      )}
      <WaiverDecisionDialog
        waiver={pending?.waiver}
        decision={pending?.decision}
        actor={me}
        onClose={() => setPending(undefined)}
        onConfirm={decide}
      />
    </InfoCard>
  );
};
