import Table from '@material-ui/core/Table';
import TableBody from '@material-ui/core/TableBody';
import TableCell from '@material-ui/core/TableCell';
import TableHead from '@material-ui/core/TableHead';
import TableRow from '@material-ui/core/TableRow';
import Typography from '@material-ui/core/Typography';
import { InfoCard } from '@backstage/core-components';
import { RbacFinding } from '@extension-scorecard/plugin-extension-scorecard-common';

function formatRule(rule: RbacFinding['rule']): string {
  const groups = rule.apiGroups.map(g => (g === '' ? 'core' : g)).join(',');
  return `${rule.verbs.join(',')} on ${rule.resources.join(',')} (${groups})`;
}

/** Dangerous grants of the component's service accounts, with the binding that grants them. */
export const RbacFindingsPanel = (props: { findings: RbacFinding[] }) => (
  <InfoCard title="RBAC findings">
    {props.findings.length === 0 ? (
      <Typography variant="body2">
        No risky grant found for the component's service accounts.
      </Typography>
    ) : (
      <Table size="small" aria-label="RBAC findings">
        <TableHead>
          <TableRow>
            <TableCell>Check</TableCell>
            <TableCell>Service account</TableCell>
            <TableCell>Granted by</TableCell>
            <TableCell>Rule</TableCell>
            <TableCell>Declared</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {props.findings.map(finding => (
            <TableRow
              key={`${finding.cluster}|${finding.checkId}|${
                finding.serviceAccount
              }|${finding.binding}|${formatRule(finding.rule)}`}
            >
              <TableCell>
                <Typography variant="body2">{finding.checkId}</Typography>
                <Typography variant="caption" color="textSecondary">
                  {finding.cluster}
                </Typography>
              </TableCell>
              <TableCell>{finding.serviceAccount}</TableCell>
              <TableCell>
                <Typography variant="body2">{finding.binding}</Typography>
                <Typography variant="caption" color="textSecondary">
                  → {finding.role}
                </Typography>
              </TableCell>
              <TableCell>
                <Typography
                  variant="caption"
                  style={{ fontFamily: 'monospace' }}
                >
                  {formatRule(finding.rule)}
                </Typography>
              </TableCell>
              <TableCell>
                {finding.declared ? 'yes, in the design record' : 'no'}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    )}
  </InfoCard>
);
