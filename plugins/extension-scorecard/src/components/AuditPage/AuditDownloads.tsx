import { useState } from 'react';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import Typography from '@material-ui/core/Typography';
import Tooltip from '@material-ui/core/Tooltip';
import GetAppIcon from '@material-ui/icons/GetApp';
import { useApi } from '@backstage/core-plugin-api';
import { usePermission } from '@backstage/plugin-permission-react';
import { extensionScorecardAuditExportPermission } from '@extension-scorecard/plugin-extension-scorecard-common';
import { extensionScorecardApiRef } from '../../api';
import { downloadText } from './download';
import { errorMessage } from '../../format/errors';
import { REFUSED } from '../../format/permissionReasons';

/**
 * CSV (one row per component and check) and JSON (report plus every result)
 * downloads, for those allowed to export (disabled, saying why, for anyone else).
 */
export const AuditDownloads = (props: { quarter: string }) => {
  const { quarter } = props;
  const api = useApi(extensionScorecardApiRef);
  const permission = usePermission({
    permission: extensionScorecardAuditExportPermission,
  });
  const refused = !permission.loading && !permission.allowed;
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

  const disabled = !permission.allowed || busy !== undefined;
  const buttons = (
    // a disabled button fires no events: the span carries the tooltip
    <span>
      <Button
        variant="outlined"
        color="primary"
        startIcon={<GetAppIcon />}
        disabled={disabled}
        onClick={() => download('csv')}
      >
        Download CSV
      </Button>{' '}
      <Button
        variant="outlined"
        startIcon={<GetAppIcon />}
        disabled={disabled}
        onClick={() => download('json')}
      >
        Download JSON
      </Button>
    </span>
  );

  return (
    <Box display="flex" alignItems="center" gridGap={8} flexWrap="wrap">
      {refused ? (
        <>
          <Tooltip title={REFUSED.auditExport}>{buttons}</Tooltip>
          <Typography
            variant="caption"
            color="textSecondary"
            data-testid="audit-export-refused"
          >
            {REFUSED.auditExport}.
          </Typography>
        </>
      ) : (
        buttons
      )}
      {error && (
        <Typography color="error" variant="body2" role="alert">
          Download failed: {error}
        </Typography>
      )}
    </Box>
  );
};
