import { useState } from 'react';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import Typography from '@material-ui/core/Typography';
import GetAppIcon from '@material-ui/icons/GetApp';
import { useApi } from '@backstage/core-plugin-api';
import { extensionScorecardApiRef } from '../../api';
import { downloadText } from './download';
import { errorMessage } from '../../format/errors';

/** CSV (one row per component and check) and JSON (report plus every result) downloads. */
export const AuditDownloads = (props: { quarter: string }) => {
  const { quarter } = props;
  const api = useApi(extensionScorecardApiRef);
  const [busy, setBusy] = useState<'csv' | 'json' | undefined>();
  const [error, setError] = useState<string | undefined>();

  const download = async (format: 'csv' | 'json') => {
    setBusy(format);
    setError(undefined);
    try {
      const base = `extension-scorecard-audit-${quarter}`;
      if (format === 'csv') {
        downloadText(
          await api.exportAuditCsv(quarter),
          `${base}.csv`,
          'text/csv',
        );
      } else {
        const body = await api.exportAuditJson(quarter);
        downloadText(
          JSON.stringify(body, null, 2),
          `${base}.json`,
          'application/json',
        );
      }
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Box display="flex" alignItems="center" gridGap={8} flexWrap="wrap">
      <Button
        variant="outlined"
        color="primary"
        startIcon={<GetAppIcon />}
        disabled={busy !== undefined}
        onClick={() => download('csv')}
      >
        Download CSV
      </Button>
      <Button
        variant="outlined"
        startIcon={<GetAppIcon />}
        disabled={busy !== undefined}
        onClick={() => download('json')}
      >
        Download JSON
      </Button>
      {error && (
        <Typography color="error" variant="body2" role="alert">
          Download failed: {error}
        </Typography>
      )}
    </Box>
  );
};
