import { useEffect } from 'react';
import { Dialog, DialogBody, DialogHeader, Text } from '@backstage/ui';
import { useApi } from '@backstage/core-plugin-api';
import type { SavedFilter } from '@extension-scorecard/plugin-extension-scorecard-common';
import { extensionScorecardApiRef } from '../../api';
import { useSubmission } from '../../hooks/useSubmission';
import { SubmitFooter } from '../shared/formFields';

/**
 * Confirms deleting a saved filter; the server's refusal (a campaign's scope names
 * it, or not the creator's) is shown in the dialog, which stays open.
 */
export const DeleteSavedFilterDialog = (props: {
  saved: SavedFilter | undefined;
  onClose: () => void;
  onDeleted: () => void;
}) => {
  const { saved, onClose, onDeleted } = props;
  const api = useApi(extensionScorecardApiRef);
  const { busy, error, setError, run } = useSubmission();
  useEffect(() => setError(undefined), [saved?.id, setError]);
  if (!saved) return null;

  const confirm = async () => {
    await run(async () => {
      await api.deleteSavedFilter(saved.id);
      onDeleted();
      onClose();
    });
  };

  return (
    <Dialog
      isOpen
      onOpenChange={isOpen => {
        if (!isOpen) onClose();
      }}
      width={480}
    >
      <DialogHeader>Delete saved filter</DialogHeader>
      <DialogBody>
        <Text as="p">
          Delete “{saved.name}” for everyone? The table keeps its filters.
        </Text>
        {saved.campaigns.length > 0 && (
          <Text as="p" variant="body-small" color="secondary">
            The scope of {saved.campaigns.length} campaign
            {saved.campaigns.length === 1 ? '' : 's'} names it: it cannot be
            deleted while it does.
          </Text>
        )}
        {error && (
          <Text as="p" color="danger" role="alert">
            {error}
          </Text>
        )}
      </DialogBody>
      <SubmitFooter
        label="Delete"
        busy={busy}
        onCancel={onClose}
        onSubmit={confirm}
      />
    </Dialog>
  );
};
