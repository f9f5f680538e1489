import { useEffect, useState } from 'react';
import {
  Dialog,
  DialogBody,
  DialogHeader,
  Flex,
  Select,
  Text,
  TextAreaField,
} from '@backstage/ui';
import { useApi } from '@backstage/core-plugin-api';
import { CheckResult } from '@extension-scorecard/plugin-extension-scorecard-common';
import { extensionScorecardApiRef } from '../../api';
import { DayField, FieldMessage, SubmitFooter } from '../shared/formFields';
import {
  REASON_MAX,
  WaiverFormErrors,
  WaiverFormValues,
  toWaiverInput,
  validateWaiverForm,
} from './waiverForm';
import { useSubmission } from '../../hooks/useSubmission';

/** "Every cluster" in the cluster select (react-aria keys cannot be empty). */
const EVERY_CLUSTER = '__every__';

/** Checks worth waiving: those that do not pass and are not waived yet. */
function waivableChecks(results: CheckResult[]): string[] {
  return [
    ...new Set(
      results
        .filter(
          r => ['fail', 'warn', 'unknown'].includes(r.status) && !r.waiver,
        )
        .map(r => r.checkId),
    ),
  ].sort();
}

/** The request form: which check, which cluster (or all), why, and until when. */
export const WaiverRequestDialog = (props: {
  open: boolean;
  componentId: string;
  results: CheckResult[];
  clusters: string[];
  initial?: Partial<WaiverFormValues>;
  onClose: () => void;
  onRequested: () => void;
}) => {
  const {
    open,
    componentId,
    results,
    clusters,
    initial,
    onClose,
    onRequested,
  } = props;
  const api = useApi(extensionScorecardApiRef);
  const empty: WaiverFormValues = {
    checkId: '',
    cluster: '',
    reason: '',
    expiresOn: '',
  };
  const [values, setValues] = useState<WaiverFormValues>({
    ...empty,
    ...initial,
  });
  const [errors, setErrors] = useState<WaiverFormErrors>({});
  const {
    busy: submitting,
    error: submitError,
    setError: setSubmitError,
    run,
  } = useSubmission();

  useEffect(() => {
    if (open) {
      setValues({ ...empty, ...initial });
      setErrors({});
      setSubmitError(undefined);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, initial?.checkId, initial?.cluster]);

  const change = (field: keyof WaiverFormValues) => (value: string) =>
    setValues(previous => ({ ...previous, [field]: value }));

  const submit = async () => {
    const found = validateWaiverForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await run(async () => {
      await api.requestWaiver(toWaiverInput(componentId, values));
      onRequested();
      onClose();
    });
  };

  const checks = waivableChecks(results);
  return (
    <Dialog
      isOpen={open}
      onOpenChange={isOpen => {
        if (!isOpen) onClose();
      }}
      width={600}
    >
      <DialogHeader>Request a waiver</DialogHeader>
      <DialogBody>
        <Flex direction="column" gap="4">
          <Text as="p">
            A waiver lets a result stop counting against the level until it
            expires. It stays visible as waived, and someone outside the owning
            team must approve it.
          </Text>
          <div>
            <Select
              id="waiver-check"
              label="Check"
              size="medium"
              placeholder="Choose a check"
              options={checks.map(checkId => ({
                value: checkId,
                label: checkId,
              }))}
              value={values.checkId || null}
              onChange={value => change('checkId')(value ? String(value) : '')}
              isInvalid={Boolean(errors.checkId)}
              aria-describedby={
                errors.checkId ? 'waiver-check-message' : undefined
              }
            />
            <FieldMessage id="waiver-check-message" error={errors.checkId} />
          </div>
          <Select
            id="waiver-cluster"
            label="Cluster"
            size="medium"
            options={[
              { value: EVERY_CLUSTER, label: 'every cluster' },
              ...clusters.map(cluster => ({ value: cluster, label: cluster })),
            ]}
            value={values.cluster || EVERY_CLUSTER}
            onChange={value =>
              change('cluster')(
                value === null || value === EVERY_CLUSTER ? '' : String(value),
              )
            }
          />
          <div>
            <TextAreaField
              id="waiver-reason"
              label="Reason"
              rows={3}
              value={values.reason}
              onChange={change('reason')}
              isInvalid={Boolean(errors.reason)}
              aria-describedby="waiver-reason-message"
            />
            <FieldMessage
              id="waiver-reason-message"
              error={errors.reason}
              hint={`Why the risk is acceptable until then (${
                values.reason.trim().length
              }/${REASON_MAX})`}
            />
          </div>
          <DayField
            id="waiver-expires"
            label="Expires on"
            value={values.expiresOn}
            error={errors.expiresOn}
            hint="It ends at the end of that day (UTC); the backend limits how long a waiver may run (180 days unless configured otherwise)"
            onChange={change('expiresOn')}
          />
          {submitError && (
            <Text as="p" color="danger" role="alert">
              {submitError}
            </Text>
          )}
        </Flex>
      </DialogBody>
      <SubmitFooter
        label="Request waiver"
        busy={submitting}
        onCancel={onClose}
        onSubmit={submit}
      />
    </Dialog>
  );
};
