import { useState } from 'react';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import Chip from '@material-ui/core/Chip';
import Table from '@material-ui/core/Table';
import TableBody from '@material-ui/core/TableBody';
import TableCell from '@material-ui/core/TableCell';
import TableHead from '@material-ui/core/TableHead';
import TableRow from '@material-ui/core/TableRow';
import Tooltip from '@material-ui/core/Tooltip';
import Typography from '@material-ui/core/Typography';
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
          <Box mt={1} mr={1}>
            {canRequest.allowed ? (
              <Button variant="outlined" color="primary" onClick={onRequest}>
                Request a waiver
              </Button>
            ) : (
              <Tooltip title={REFUSED.waiverRequest}>
                {/* a disabled button fires no events: the span carries the tooltip */}
                <span>
                  <Button variant="outlined" color="primary" disabled>
                    Request a waiver
                  </Button>
                </span>
              </Tooltip>
            )}
          </Box>
        )
      }
    >
      {!canRequest.loading && !canRequest.allowed && (
        <Typography
          variant="caption"
          color="textSecondary"
          component="p"
          data-testid="waiver-request-refused"
        >
          {REFUSED.waiverRequest}.
        </Typography>
      )}
      {sorted.length === 0 ? (
        <Typography variant="body2">
          No waiver has been requested for this component.
        </Typography>
      ) : (
        <Table size="small" aria-label="Waivers">
          <TableHead>
            <TableRow>
              <TableCell>Check</TableCell>
              <TableCell>State</TableCell>
              <TableCell>Expiry</TableCell>
              <TableCell>Reason</TableCell>
              <TableCell>Requested / decided</TableCell>
              <TableCell>Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
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
                <TableRow key={waiver.id} data-testid={`waiver-${waiver.id}`}>
                  <TableCell>
                    <Typography variant="body2">{waiver.checkId}</Typography>
                    <Typography variant="caption" color="textSecondary">
                      {waiver.cluster ?? 'every cluster'}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={stateLabel(waiver)}
                      color={waiver.active ? 'primary' : 'default'}
                    />
                  </TableCell>
                  <TableCell>
                    {formatDate(waiver.expiresAt)}
                    {left !== null && open && (
                      <Typography
                        variant="caption"
                        color="textSecondary"
                        component="div"
                      >
                        {expiryCountdown(left)}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <Typography variant="body2">{waiver.reason}</Typography>
                    {waiver.decisionComment && (
                      <Typography variant="caption" color="textSecondary">
                        Decision: {waiver.decisionComment}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <Typography variant="caption" component="div">
                      {shortRef(waiver.requestedBy)},{' '}
                      {formatDate(waiver.requestedAt)}
                    </Typography>
                    {waiver.decidedBy && (
                      <Typography
                        variant="caption"
                        color="textSecondary"
                        component="div"
                      >
                        {waiver.state} by {shortRef(waiver.decidedBy)}
                        {waiver.decidedAt
                          ? `, ${formatDate(waiver.decidedAt)}`
                          : ''}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    {waiver.state === 'requested' &&
                      !canApprove.loading &&
                      !mayApprove && (
                        <Typography
                          variant="caption"
                          color="textSecondary"
                          component="div"
                          data-testid="waiver-approve-refused"
                        >
                          Awaiting approval.{' '}
                          {canApprove.allowed
                            ? REFUSED.ownWaiver
                            : REFUSED.waiverApprove}
                          .
                        </Typography>
                      )}
                    {mayApprove && (
                      <Button
                        size="small"
                        color="primary"
                        onClick={() =>
                          setPending({ waiver, decision: 'approve' })
                        }
                      >
                        Approve
                      </Button>
                    )}
                    {decidable && (
                      <Button
                        size="small"
                        onClick={() =>
                          setPending({ waiver, decision: 'reject' })
                        }
                      >
                        Reject
                      </Button>
                    )}
                    {mayRevoke && (
                      <Button
                        size="small"
                        onClick={() =>
                          setPending({ waiver, decision: 'revoke' })
                        }
                      >
                        Revoke
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
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
