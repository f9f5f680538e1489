import Table from '@material-ui/core/Table';
import TableBody from '@material-ui/core/TableBody';
import TableCell from '@material-ui/core/TableCell';
import TableHead from '@material-ui/core/TableHead';
import TableRow from '@material-ui/core/TableRow';
import Typography from '@material-ui/core/Typography';
import { InfoCard } from '@backstage/core-components';
import {
  CertificateFinding,
  CheckStatus,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { daysUntil, expiryCountdown, formatDate } from '../../format/time';
import { StatusChip } from '../StatusDisplay';

/** The backend's default cert.expiry thresholds (fail < 7 days, warn < 30). */
const FAIL_DAYS = 7;
const WARN_DAYS = 30;

function expiryStatus(daysLeft: number | null): CheckStatus {
  if (daysLeft === null) return 'unknown';
  if (daysLeft < FAIL_DAYS) return 'fail';
  if (daysLeft < WARN_DAYS) return 'warn';
  return 'pass';
}

function daysLeftOf(cert: CertificateFinding): number | null {
  if (cert.notAfter) return daysUntil(cert.notAfter);
  return cert.daysLeft ?? null;
}

/** Certificates in caBundles and cert-manager Certificates, soonest expiry first. */
export const CertificatesPanel = (props: {
  certificates: CertificateFinding[];
}) => {
  const certificates = [...props.certificates].sort(
    (a, b) => (daysLeftOf(a) ?? Infinity) - (daysLeftOf(b) ?? Infinity),
  );
  return (
    <InfoCard title="Certificates">
      {certificates.length === 0 ? (
        <Typography variant="body2">
          No certificate found for this component (no caBundle or cert-manager
          Certificate).
        </Typography>
      ) : (
        <Table size="small" aria-label="Certificates">
          <TableHead>
            <TableRow>
              <TableCell>Expiry</TableCell>
              <TableCell>Cluster</TableCell>
              <TableCell>Source</TableCell>
              <TableCell>Subject / issuer</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {certificates.map(cert => {
              const left = daysLeftOf(cert);
              return (
                <TableRow
                  key={`${cert.cluster}|${cert.source}|${cert.subject ?? ''}`}
                >
                  <TableCell>
                    <StatusChip
                      status={expiryStatus(cert.error ? null : left)}
                    />{' '}
                    {cert.error ? (
                      <Typography variant="caption" color="error">
                        cannot parse: {cert.error}
                      </Typography>
                    ) : (
                      <Typography variant="body2" component="span">
                        {left === null ? 'unknown' : expiryCountdown(left)}
                        {cert.notAfter ? ` (${formatDate(cert.notAfter)})` : ''}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{cert.cluster}</TableCell>
                  <TableCell>
                    <Typography
                      variant="caption"
                      style={{ wordBreak: 'break-all' }}
                    >
                      {cert.source}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Typography variant="caption" component="div">
                      {cert.subject ?? '—'}
                    </Typography>
                    <Typography
                      variant="caption"
                      color="textSecondary"
                      component="div"
                    >
                      {cert.issuer ? `issued by ${cert.issuer}` : ''}
                    </Typography>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </InfoCard>
  );
};
