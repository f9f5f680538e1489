import { useState } from 'react';
import { Button, Flex, Text } from '@backstage/ui';
import { useApi } from '@backstage/core-plugin-api';
import { usePermission } from '@backstage/plugin-permission-react';
import { extensionScorecardAuditExportPermission } from '@extension-scorecard/plugin-extension-scorecard-common';
import { extensionScorecardApiRef } from '../../api';
import { downloadText } from './download';
import { errorMessage } from '../../format/errors';
import { REFUSED } from '../../format/permissionReasons';
import { DownloadIcon, HoverTip } from '../shared';

type Format = 'csv' | 'json' | 'upgrade-csv' | 'campaigns-csv';

/**
 * CSV (one row per component and check), JSON (report plus every result), the
 * upgrade report (the quarter-end snapshot's next-minor findings, one row each) and
 * the campaigns (one row per campaign and team, as they stood at the quarter's end)
 * downloads, for those allowed to export (disabled, saying why, for anyone else).
 */
export const AuditDownloads = (props: { quarter: string }) => {
  const { quarter } = props;
  const api = useApi(extensionScorecardApiRef);
  const permission = usePermission({
    permission: extensionScorecardAuditExportPermission,
  });
  const refused = !permission.loading && !permission.allowed;
  const [busy, setBusy] = useState<Format | undefined>();
  const [error, setError] = useState<string | undefined>();

  const download = async (format: Format) => {
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
      } else if (format === 'upgrade-csv') {
        downloadText(
          await api.exportUpgradeCsv(quarter),
          `extension-scorecard-upgrade-${quarter}.csv`,
          'text/csv',
        );
      } else if (format === 'campaigns-csv') {
        downloadText(
          await api.exportCampaignsCsv(quarter),
          `extension-scorecard-campaigns-${quarter}.csv`,
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
  const buttons = [
    <Button
      key="csv"
      variant="secondary"
      iconStart={<DownloadIcon fontSize="small" />}
      isDisabled={disabled}
      onPress={() => download('csv')}
    >
      Download CSV
    </Button>,
    <Button
      key="json"
      variant="secondary"
      iconStart={<DownloadIcon fontSize="small" />}
      isDisabled={disabled}
      onPress={() => download('json')}
    >
      Download JSON
    </Button>,
    <Button
      key="upgrade-csv"
      variant="secondary"
      iconStart={<DownloadIcon fontSize="small" />}
      isDisabled={disabled}
      onPress={() => download('upgrade-csv')}
    >
      Upgrade report (CSV)
    </Button>,
    <Button
      key="campaigns-csv"
      variant="secondary"
      iconStart={<DownloadIcon fontSize="small" />}
      isDisabled={disabled}
      onPress={() => download('campaigns-csv')}
    >
      Campaigns (CSV)
    </Button>,
  ];

  return (
    <Flex align="center" gap="2" style={{ flexWrap: 'wrap' }}>
      {refused ? (
        <>
          {/* a disabled button fires no events: the span carries the tooltip */}
          <HoverTip title={REFUSED.auditExport}>{buttons}</HoverTip>
          <Text
            variant="body-small"
            color="secondary"
            data-testid="audit-export-refused"
          >
            {REFUSED.auditExport}.
          </Text>
        </>
      ) : (
        buttons
      )}
      {error && (
        <Text color="danger" role="alert">
          Download failed: {error}
        </Text>
      )}
    </Flex>
  );
};
