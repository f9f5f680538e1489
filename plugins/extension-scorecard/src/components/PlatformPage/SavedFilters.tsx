import { useState } from 'react';
import useAsync from 'react-use/esm/useAsync';
import { Box, Button, Flex, Select, Text } from '@backstage/ui';
import { identityApiRef, useApi } from '@backstage/core-plugin-api';
import { usePermission } from '@backstage/plugin-permission-react';
import { extensionScorecardCampaignManagePermission } from '@extension-scorecard/plugin-extension-scorecard-common';
import { errorMessage } from '../../format/errors';
import type { useSavedFilters } from '../../hooks/useSavedFilters';
import { DeleteSavedFilterDialog } from './DeleteSavedFilterDialog';
import { SaveFilterDialog } from './SaveFilterDialog';
import { findSavedFilter, toComponentFilters } from './savedFilters';
import { ComponentFilters, activeFilterCount } from './tableState';

/**
 * The table's saved filters: choose one to apply it (through the URL, so the view
 * can be shared), save the filters in force under a name, and delete the one shown
 * (its creator, or a campaign manager). The one whose filters are in force shows
 * as chosen.
 */
export const SavedFilters = (props: {
  filters: ComponentFilters;
  saved: ReturnType<typeof useSavedFilters>;
  onApply: (filters: ComponentFilters) => void;
}) => {
  const { filters, saved, onApply } = props;
  const identityApi = useApi(identityApiRef);
  const identity = useAsync(
    () => identityApi.getBackstageIdentity(),
    [identityApi],
  );
  const manage = usePermission({
    permission: extensionScorecardCampaignManagePermission,
  });
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const list = saved.value ?? [];
  const current = findSavedFilter(list, filters);
  const mayDelete =
    current !== undefined &&
    (manage.allowed || current.createdBy === identity.value?.userEntityRef);
  let placeholder = 'Choose a saved filter';
  if (!saved.value) placeholder = saved.error ? 'Not available' : 'Loading…';
  else if (list.length === 0) placeholder = 'None saved yet';

  return (
    <Box mb="3" data-testid="saved-filters">
      <Flex align="end" gap="2" style={{ flexWrap: 'wrap' }}>
        <Box style={{ minWidth: 240 }}>
          <Select
            id="saved-filter"
            label="Saved filters"
            size="small"
            placeholder={placeholder}
            isDisabled={list.length === 0}
            options={list.map(s => ({ id: s.id, label: s.name }))}
            value={current?.id ?? null}
            onChange={id => {
              const chosen = list.find(s => s.id === id);
              if (chosen) onApply(toComponentFilters(chosen.filters));
            }}
          />
        </Box>
        <Button
          size="small"
          variant="secondary"
          isDisabled={activeFilterCount(filters) === 0}
          onPress={() => setSaving(true)}
        >
          Save filters…
        </Button>
        {mayDelete && (
          <Button
            size="small"
            variant="tertiary"
            onPress={() => setDeleting(true)}
          >
            Delete saved filter
          </Button>
        )}
      </Flex>
      {current?.description && (
        <Text as="p" variant="body-small" color="secondary">
          {current.description}
        </Text>
      )}
      {saved.error && (
        <Flex align="center" gap="2">
          <Text as="p" variant="body-small" color="danger" role="alert">
            Could not load the saved filters: {errorMessage(saved.error)}
          </Text>
          <Button size="small" variant="tertiary" onPress={saved.retry}>
            Retry
          </Button>
        </Flex>
      )}
      <SaveFilterDialog
        open={saving}
        filters={filters}
        onClose={() => setSaving(false)}
        onSaved={saved.retry}
      />
      <DeleteSavedFilterDialog
        saved={deleting ? current : undefined}
        onClose={() => setDeleting(false)}
        onDeleted={saved.retry}
      />
    </Box>
  );
};
