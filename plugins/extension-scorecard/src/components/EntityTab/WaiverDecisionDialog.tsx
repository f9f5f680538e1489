import { useEffect, useState } from 'react';
import {
  Dialog,
  DialogBody,
  DialogHeader,
  Text,
  TextAreaField,
} from '@backstage/ui';
import { WaiverRecord } from '@extension-scorecard/plugin-extension-scorecard-common';
import { useSubmission } from '../../hooks/useSubmission';
import { SubmitFooter } from '../shared/formFields';

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
  const { busy, error, setError, run } = useSubmission();
  useEffect(() => {
    setComment('');
    setError(undefined);
  }, [waiver?.id, decision, setError]);
  if (!waiver || !decision) return null;

  const confirm = async () => {
    const text = comment.trim();
    if (decision === 'reject' && !text) {
      setError('Say why the waiver is rejected');
      return;
    }
    await run(async () => {
      await onConfirm(text || undefined);
      onClose();
    });
  };

  return (
    <Dialog
      isOpen
      onOpenChange={isOpen => {
        if (!isOpen) onClose();
      }}
      width={560}
    >
      <DialogHeader>{TITLES[decision]}</DialogHeader>
      <DialogBody>
        <Text as="p" style={{ marginBottom: 'var(--bui-space-4)' }}>
          {waiver.checkId} on {waiver.cluster ?? 'every cluster'}, requested by{' '}
          {waiver.requestedBy}: “{waiver.reason}”
        </Text>
        {actor && (
          <Text
            as="p"
            variant="body-small"
            color="secondary"
            style={{ marginBottom: 'var(--bui-space-4)' }}
          >
            The audit trail records {actor} as the one who {PAST[decision]} it.
            {decision === 'approve'
              ? ' Neither the requester nor a member of the owning team may approve a waiver.'
              : ''}
          </Text>
        )}
        <TextAreaField
          id="waiver-decision-comment"
          label={decision === 'reject' ? 'Comment (required)' : 'Comment'}
          rows={2}
          value={comment}
          onChange={setComment}
          isInvalid={Boolean(error)}
          aria-describedby={error ? 'waiver-decision-error' : undefined}
        />
        {error && (
          <Text
            as="p"
            variant="body-small"
            color="danger"
            id="waiver-decision-error"
          >
            {error}
          </Text>
        )}
      </DialogBody>
      <SubmitFooter
        label={TITLES[decision]}
        busy={busy}
        onCancel={onClose}
        onSubmit={confirm}
      />
    </Dialog>
  );
};
