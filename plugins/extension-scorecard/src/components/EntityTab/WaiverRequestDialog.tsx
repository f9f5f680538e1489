import { useEffect, useState } from 'react';
import Button from '@material-ui/core/Button';
import Dialog from '@material-ui/core/Dialog';
import DialogActions from '@material-ui/core/DialogActions';
import DialogContent from '@material-ui/core/DialogContent';
import DialogTitle from '@material-ui/core/DialogTitle';
import MenuItem from '@material-ui/core/MenuItem';
import TextField from '@material-ui/core/TextField';
import Typography from '@material-ui/core/Typography';
import { useApi } from '@backstage/core-plugin-api';
import { CheckResult } from '@extension-scorecard/plugin-extension-scorecard-common';
import { extensionScorecardApiRef } from '../../api';
import {
  REASON_MAX,
  WaiverFormErrors,
  WaiverFormValues,
  toWaiverInput,
  validateWaiverForm,
} from './waiverForm';
import { errorMessage } from '../../format/errors';

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
  const [submitError, setSubmitError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (open) {
      setValues({ ...empty, ...initial });
      setErrors({});
      setSubmitError(undefined);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, initial?.checkId, initial?.cluster]);

  const change =
    (field: keyof WaiverFormValues) =>
    (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues(previous => ({ ...previous, [field]: event.target.value }));

  const submit = async () => {
    const found = validateWaiverForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    setSubmitError(undefined);
    try {
      await api.requestWaiver(toWaiverInput(componentId, values));
      onRequested();
      onClose();
    } catch (e) {
      setSubmitError(errorMessage(e));
    } finally {
      setSubmitting(false);
    }
  };

  const checks = waivableChecks(results);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="waiver-request-title"
      fullWidth
    >
      <DialogTitle id="waiver-request-title">Request a waiver</DialogTitle>
      <DialogContent>
        <Typography variant="body2" paragraph>
          A waiver lets a result stop counting against the level until it
          expires. It stays visible as waived, and someone outside the owning
          team must approve it.
        </Typography>
        <TextField
          id="waiver-check"
          select
          label="Check"
          fullWidth
          margin="dense"
          value={values.checkId}
          onChange={change('checkId')}
          error={Boolean(errors.checkId)}
          helperText={errors.checkId}
        >
          {checks.map(checkId => (
            <MenuItem key={checkId} value={checkId}>
              {checkId}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id="waiver-cluster"
          select
          label="Cluster"
          fullWidth
          margin="dense"
          value={values.cluster}
          onChange={change('cluster')}
          SelectProps={{ displayEmpty: true }}
          InputLabelProps={{ shrink: true }}
        >
          <MenuItem value="">every cluster</MenuItem>
          {clusters.map(cluster => (
            <MenuItem key={cluster} value={cluster}>
              {cluster}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id="waiver-reason"
          label="Reason"
          fullWidth
          multiline
          minRows={3}
          margin="dense"
          value={values.reason}
          onChange={change('reason')}
          error={Boolean(errors.reason)}
          helperText={
            errors.reason ??
            `Why the risk is acceptable until then (${
              values.reason.trim().length
            }/${REASON_MAX})`
          }
        />
        <TextField
          id="waiver-expires"
          label="Expires on"
          type="date"
          fullWidth
          margin="dense"
          InputLabelProps={{ shrink: true }}
          value={values.expiresOn}
          onChange={change('expiresOn')}
          error={Boolean(errors.expiresOn)}
          helperText={
            errors.expiresOn ??
            'It ends at the end of that day (UTC); the backend limits how long a waiver may run (180 days unless configured otherwise)'
          }
        />
        {submitError && (
          <Typography color="error" role="alert" variant="body2">
            {submitError}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          color="primary"
          variant="contained"
          onClick={submit}
          disabled={submitting}
        >
          Request waiver
        </Button>
      </DialogActions>
    </Dialog>
  );
};
