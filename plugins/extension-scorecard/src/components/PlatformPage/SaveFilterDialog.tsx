import { useEffect, useState } from 'react';
import {
  Dialog,
  DialogBody,
  DialogHeader,
  Flex,
  Text,
  TextAreaField,
  TextField,
} from '@backstage/ui';
import { useApi } from '@backstage/core-plugin-api';
import type { SavedFilter } from '@extension-scorecard/plugin-extension-scorecard-common';
import { extensionScorecardApiRef } from '../../api';
import { useSubmission } from '../../hooks/useSubmission';
import { FieldMessage, SubmitFooter } from '../shared/formFields';
import { toSavedFilterFields } from './savedFilters';
import type { ComponentFilters } from './tableState';

/** The API's bounds (openapi.yaml, SavedFilterInput). */
const NAME_MIN = 3;
const NAME_MAX = 100;
const DESCRIPTION_MAX = 2000;

/**
 * Saves the table's filters under a name, shared with every reader. The server's
 * refusal (a name taken, too many saved) is shown in the dialog, which stays open.
 */
export const SaveFilterDialog = (props: {
  open: boolean;
  filters: ComponentFilters;
  onClose: () => void;
  onSaved: (saved: SavedFilter) => void;
}) => {
  const { open, filters, onClose, onSaved } = props;
  const api = useApi(extensionScorecardApiRef);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const {
    busy: submitting,
    error: submitError,
    setError: setSubmitError,
    run,
  } = useSubmission();

  useEffect(() => {
    if (open) {
      setName('');
      setDescription('');
      setNameError(undefined);
      setSubmitError(undefined);
    }
  }, [open, setSubmitError]);

  const submit = async () => {
    const trimmed = name.trim();
    const wrong =
      trimmed.length < NAME_MIN || trimmed.length > NAME_MAX
        ? `A name of ${NAME_MIN} to ${NAME_MAX} characters`
        : undefined;
    setNameError(wrong);
    if (wrong || description.length > DESCRIPTION_MAX) return;
    await run(async () => {
      const saved = await api.createSavedFilter({
        name: trimmed,
        ...(description.trim() ? { description: description.trim() } : {}),
        filters: toSavedFilterFields(filters),
      });
      onSaved(saved);
      onClose();
    });
  };

  return (
    <Dialog
      isOpen={open}
      onOpenChange={isOpen => {
        if (!isOpen) onClose();
      }}
      width={560}
    >
      <DialogHeader>Save filters</DialogHeader>
      <DialogBody>
        <Flex direction="column" gap="3">
          <Text as="p" variant="body-small" color="secondary">
            Every reader of the scorecard sees saved filters and can apply them.
          </Text>
          <div>
            <TextField
              id="saved-filter-name"
              label="Name"
              value={name}
              onChange={setName}
              isInvalid={Boolean(nameError)}
              aria-describedby="saved-filter-name-message"
            />
            <FieldMessage id="saved-filter-name-message" error={nameError} />
          </div>
          <div>
            <TextAreaField
              id="saved-filter-description"
              label="Description (optional)"
              rows={3}
              value={description}
              onChange={setDescription}
              isInvalid={description.length > DESCRIPTION_MAX}
              aria-describedby="saved-filter-description-message"
            />
            <FieldMessage
              id="saved-filter-description-message"
              error={
                description.length > DESCRIPTION_MAX
                  ? `At most ${DESCRIPTION_MAX} characters`
                  : undefined
              }
            />
          </div>
          {submitError && (
            <Text as="p" color="danger" role="alert">
              {submitError}
            </Text>
          )}
        </Flex>
      </DialogBody>
      <SubmitFooter
        label="Save"
        busy={submitting}
        onCancel={onClose}
        onSubmit={submit}
      />
    </Dialog>
  );
};
