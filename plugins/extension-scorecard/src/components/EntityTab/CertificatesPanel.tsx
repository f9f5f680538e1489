import { Text } from '@backstage/ui';
import { InfoCard } from '@backstage/core-components';
import {
  CertificateFinding,
  CheckStatus,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { daysUntil, expiryCountdown, formatDate } from '../../format/time';
import { StatusChip } from '../StatusDisplay';
import { SimpleTable, SimpleTableHead, Td } from '../shared';

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
        <Text as="p">
          No certificate found for this component (no caBundle or cert-manager
          Certificate).
        </Text>
      ) : (
        <SimpleTable aria-label="Certificates">
          <SimpleTableHead
            columns={['Expiry', 'Cluster', 'Source', 'Subject / issuer']}
          />
          <tbody>
            {certificates.map(cert => {
              const left = daysLeftOf(cert);
              return (
                <tr
                  key={`${cert.cluster}|${cert.source}|${cert.subject ?? ''}`}
                >
                  <Td>
                    <StatusChip
                      status={expiryStatus(cert.error ? null : left)}
                    />{' '}
                    {cert.error ? (
                      <Text variant="body-small" color="danger">
                        cannot parse: {cert.error}
                      </Text>
                    ) : (
                      <Text>
                        {left === null ? 'unknown' : expiryCountdown(left)}
                        {cert.notAfter ? ` (${formatDate(cert.notAfter)})` : ''}
                      </Text>
                    )}
                  </Td>
                  <Td>{cert.cluster}</Td>
                  <Td>
                    <Text
                      variant="body-small"
                      style={{ wordBreak: 'break-all' }}
                    >
                      {cert.source}
                    </Text>
                  </Td>
                  <Td>
                    <Text variant="body-small" as="div">
                      {cert.subject ?? '—'}
                    </Text>
                    <Text variant="body-small" color="secondary" as="div">
                      {cert.issuer ? `issued by ${cert.issuer}` : ''}
                    </Text>
                  </Td>
                </tr>
              );
            })}
          </tbody>
        </SimpleTable>
      )}
    </InfoCard>
  );
};
