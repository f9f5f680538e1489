import { useEffect, useState } from 'react';
import {
  Dialog,
  DialogBody,
  DialogHeader,
  Flex,
  Select,
  Text,
  TextAreaField,
  TextField,
} from '@backstage/ui';
import { useApi } from '@backstage/core-plugin-api';
import {
  LEVEL_TITLES,
  type Campaign,
  type CampaignInput,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { extensionScorecardApiRef } from '../../api';
import { DayField, FieldMessage, SubmitFooter } from '../shared/formFields';
import { useSubmission } from '../../hooks/useSubmission';
import { useScorecardQuery } from '../../hooks/useScorecardQuery';
import {
  CampaignFormErrors,
  CampaignFormValues,
  toCampaignInput,
  toFormValues,
  validateCampaignForm,
} from './campaignForm';
import { SavedFilterField } from './SavedFilterField';

const NO_LEVEL = '__none__';

/**
 * Start a campaign (empty, or from a suggestion's draft) or change one: title, why,
 * goal, scope, dates. Days are taken at midnight UTC.
 */
export const CampaignFormDialog = (props: {
  open: boolean;
  /** Prefill (a suggestion's draft); with `campaign` the form changes it. */
  initial?: Partial<CampaignInput>;
  campaign?: Campaign;
  onClose: () => void;
  onSaved: (campaign: Campaign) => void;
}) => {
  const { open, initial, campaign, onClose, onSaved } = props;
  const api = useApi(extensionScorecardApiRef);
  const checks = useScorecardQuery(a => a.listChecks(), []);
  const known = (checks.value ?? []).map(c => c.id);
  const start = campaign ?? initial ?? {};
  const [values, setValues] = useState<CampaignFormValues>(toFormValues(start));
  const [errors, setErrors] = useState<CampaignFormErrors>({});
  const {
    busy: submitting,
    error: submitError,
    setError: setSubmitError,
    run,
  } = useSubmission();

  useEffect(() => {
    if (open) {
      setValues(toFormValues(campaign ?? initial ?? {}));
      setErrors({});
      setSubmitError(undefined);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, campaign?.id, initial]);

  const change = (field: keyof CampaignFormValues) => (value: string) =>
    setValues(previous => ({ ...previous, [field]: value }));

  const submit = async () => {
    const found = validateCampaignForm(values, known);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await run(async () => {
      const input = toCampaignInput(values);
      const saved = campaign
        ? await api.updateCampaign(campaign.id, input)
        : await api.createCampaign(input);
      onSaved(saved);
      onClose();
    });
  };

  const text = (
    field: keyof CampaignFormValues,
    label: string,
    hint?: string,
  ) => (
    <div>
      <TextField
        id={`campaign-${field}`}
        label={label}
        value={values[field]}
        onChange={change(field)}
        isInvalid={Boolean(errors[field])}
        aria-describedby={`campaign-${field}-message`}
      />
      <FieldMessage
        id={`campaign-${field}-message`}
        error={errors[field]}
        hint={hint}
      />
    </div>
  );

  return (
    <Dialog
      isOpen={open}
      onOpenChange={isOpen => {
        if (!isOpen) onClose();
      }}
      width={720}
    >
      <DialogHeader>
        {campaign ? `Change “${campaign.title}”` : 'Start a campaign'}
      </DialogHeader>
      <DialogBody>
        <Flex direction="column" gap="3">
          {text('title', 'Title')}
          <TextAreaField
            id="campaign-why"
            label="Why (markdown)"
            rows={4}
            value={values.why}
            onChange={change('why')}
          />
          <Text as="p" weight="bold">
            Goal
          </Text>
          {text(
            'checks',
            'Checks that must pass',
            'Check ids, comma-separated (e.g. webhook.scope, webhook.failure-policy)',
          )}
          <Select
            id="campaign-level"
            label="Level to reach"
            size="medium"
            options={[
              { value: NO_LEVEL, label: 'none' },
              ...([1, 2, 3] as const).map(level => ({
                value: String(level),
                label: LEVEL_TITLES[level],
              })),
            ]}
            value={values.level || NO_LEVEL}
            onChange={value =>
              change('level')(
                value === null || value === NO_LEVEL ? '' : String(value),
              )
            }
          />
          <Text as="p" weight="bold">
            Scope{' '}
            <Text as="span" variant="body-small" color="secondary">
              (each field narrows it; none: every component)
            </Text>
          </Text>
          <SavedFilterField
            value={values.savedFilter}
            wanted={open}
            onChange={change('savedFilter')}
          />
          {text('kinds', 'Kinds', 'e.g. admission-webhook, dra-driver')}
          {text(
            'teams',
            'Teams',
            'Group refs; the groups below each team are included',
          )}
          {text('clusters', 'Clusters')}
          {text('lifecycles', 'Lifecycles', 'e.g. production')}
          {text('components', 'Components', 'Component refs')}
          <Flex gap="4" style={{ flexWrap: 'wrap' }}>
            <DayField
              id="campaign-starts"
              label="Starts on"
              value={values.startsOn}
              error={errors.startsOn}
              onChange={change('startsOn')}
            />
            <DayField
              id="campaign-enforce"
              label="Enforce from (optional)"
              value={values.enforceOn}
              error={errors.enforceOn}
              hint="Until then its checks' fails count as warn"
              onChange={change('enforceOn')}
            />
            <DayField
              id="campaign-deadline"
              label="Deadline"
              value={values.deadlineOn}
              error={errors.deadlineOn}
              onChange={change('deadlineOn')}
            />
          </Flex>
          {submitError && (
            <Text as="p" color="danger" role="alert">
              {submitError}
            </Text>
          )}
        </Flex>
      </DialogBody>
      <SubmitFooter
        label={campaign ? 'Save changes' : 'Start campaign'}
        busy={submitting}
        onCancel={onClose}
        onSubmit={submit}
      />
    </Dialog>
  );
};
