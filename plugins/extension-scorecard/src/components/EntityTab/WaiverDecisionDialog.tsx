import { useEffect, useState } from 'react';
import Button from '@material-ui/core/Button';
import Dialog from '@material-ui/core/Dialog';
import DialogActions from '@material-ui/core/DialogActions';
import DialogContent from '@material-ui/core/DialogContent';
import DialogTitle from '@material-ui/core/DialogTitle';
import TextField from '@material-ui/core/TextField';
import Typography from '@material-ui/core/Typography';
import { WaiverRecord } from '@extension-scorecard/plugin-extension-scorecard-common';
import { errorMessage } from '../../format/errors';

export type WaiverDecision = 'approve' | 'reject' | 'revoke';

const TITLES: Record<WaiverDecision, string> = {
  approve: 'Approve waiver',
  reject: 'Reject waiver',
  revoke: 'Revoke waiver',
};

const PAST: Record<WaiverDecision, string> = {
  approve: 'approved',
  reject: 'rejected',
  revoke: 'revoked',
};

/** Confirms a decision on a waiver, with a comment (required to reject). */
export const WaiverDecisionDialog = (props: {
  waiver: WaiverRecord | undefined;
  decision: WaiverDecision | undefined;
  /** The signed-in user, whom the waiver's audit trail will name. */
  actor?: string;
  onClose: () => void;
  onConfirm: (comment: string | undefined) => Promise<void>;
}) => {
  const { waiver, decision, actor, onClose, onConfirm } = props;
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setComment('');
    setError(undefined);
  }, [waiver?.id, decision]);
  if (!waiver || !decision) return null;

  const confirm = async () => {
    const text = comment.trim();
    if (decision === 'reject' && !text) {
      setError('Say why the waiver is rejected');
      return;
    }
    setBusy(true);
    try {
      await onConfirm(text || undefined);
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="waiver-decision-title"
      fullWidth
    >
      <DialogTitle id="waiver-decision-title">{TITLES[decision]}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" paragraph>
          {waiver.checkId} on {waiver.cluster ?? 'every cluster'}, requested by{' '}
          {waiver.requestedBy}: “{waiver.reason}”
        </Typography>
        {actor && (
          <Typography variant="caption" color="textSecondary" component="p">
            The audit trail records {actor} as the one who {PAST[decision]} it.
            {decision === 'approve'
              ? ' Neither the requester nor a member of the owning team may approve a waiver.'
              : ''}
          </Typography>
        )}
        <TextField
          id="waiver-decision-comment"
          label={decision === 'reject' ? 'Comment (required)' : 'Comment'}
          fullWidth
          multiline
          minRows={2}
          value={comment}
          onChange={e => setComment(e.target.value)}
          error={Boolean(error)}
          helperText={error}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          color="primary"
          variant="contained"
          disabled={busy}
          onClick={confirm}
        >
          {TITLES[decision]}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
