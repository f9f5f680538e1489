import { Text } from '@backstage/ui';
import { InfoCard } from '@backstage/core-components';
import {
  CertificateFinding,
  CheckStatus,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { daysUntil, expiryCountdown, formatDate } from '../../format/time';
import { StatusChip } from '../StatusDisplay';
import { SimpleTable, SimpleTableHead, Td } from '../shared';
import { Truncated } from './Truncated';

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

const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * Certificates in caBundles and cert-manager Certificates, soonest expiry first. Meant
 * for a full-width card: cluster names stay on one line, long sources and DNs are cut
 * with the full text on hover or focus.
 */
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
                  <Td style={cert.error ? undefined : nowrap}>
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
                  <Td style={nowrap}>{cert.cluster}</Td>
                  <Td>
                    <Truncated text={cert.source} maxWidth="48ch" />
                  </Td>
                  <Td>
                    {cert.subject ? (
                      <Truncated
                        text={cert.subject}
                        variant="body-medium"
                        maxWidth="40ch"
                      />
                    ) : (
                      '—'
                    )}
                    {cert.issuer && (
                      <Text as="div" variant="body-small" color="secondary">
                        issued by{' '}
                        <Truncated
                          text={cert.issuer}
                          color="secondary"
                          maxWidth="36ch"
                        />
                      </Text>
                    )}
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
