import { Box, Text } from '@backstage/ui';
import { CodeSnippet, InfoCard } from '@backstage/core-components';
import {
  DesignRecord,
  EXTENSION_KIND_INFO,
  ExtensionKind,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { formatDate } from '../../format/time';
import { shortRef } from '../../format/refs';
import { SimpleTable, SimpleTableHead, Td } from '../shared';
import {
  RESPONSIBILITY_ROLES,
  catalogSnippet,
  hasMissing,
  missingParts,
  questionsFor,
} from './designRecordQuestions';

const termStyle = { whiteSpace: 'nowrap', verticalAlign: 'top' } as const;

const Unanswered = (props: { children: string; hint?: string }) => (
  <>
    <Text as="p" variant="body-small" color="danger">
      Not answered. {props.children}
    </Text>
    {props.hint && (
      <Text as="p" variant="body-small" color="secondary">
        {props.hint}
      </Text>
    )}
  </>
);

/**
 * The team's design record from the catalog (spec.extension): its answers to the six
 * questions, named owners, supported versions and migration plan. The kind's generic
 * sentences are only hints beside unanswered questions; what is missing comes with the
 * catalog-info.yaml lines to add.
 */
export const DesignRecordPanel = (props: {
  record: DesignRecord | null;
  kind: ExtensionKind;
  owner: string | null;
  lifecycle: string | null;
  orphan: boolean;
}) => {
  const { record, kind } = props;
  const info = EXTENSION_KIND_INFO[kind];
  const parts = missingParts(record, kind, props.lifecycle);
  const hints: Partial<Record<string, string>> = {
    path: info
      ? `The ${info.title} kind sits on ${info.pathClass}.`
      : undefined,
    failureImpact: info
      ? `Typical for the ${info.title} kind: ${info.failureImpact}.`
      : undefined,
  };
  const migration = record?.migration;
  return (
    <InfoCard
      title="Design record"
      subheader="The team's answers to the six questions, from the catalog entity's spec.extension"
    >
      {props.orphan ? (
        <Text as="p">
          No catalog entity claims this extension, so it has no design record.
          Register a Component for it with a spec.extension block.
        </Text>
      ) : (
        !record && (
          <Text as="p">
            The catalog entity has no spec.extension block: none of the six
            questions is answered.
          </Text>
        )
      )}
      <SimpleTable aria-label="Design record">
        <SimpleTableHead columns={['Question', 'Answer']} />
        <tbody>
          {questionsFor(kind).map(q => (
            <tr key={q.key} data-testid={`design-${q.key}`}>
              <Td style={{ width: '32%' }}>
                <Text variant="body-small" weight="bold">
                  Q{q.number}.
                </Text>{' '}
                <Text variant="body-small">{q.question}</Text>
              </Td>
              <Td>
                {record?.[q.key] ? (
                  <Text as="p">{record[q.key]}</Text>
                ) : (
                  <Unanswered hint={hints[q.key]}>{q.guidance}</Unanswered>
                )}
              </Td>
            </tr>
          ))}
          <tr data-testid="design-responsibilities">
            <Td>
              <Text variant="body-small" weight="bold">
                Q6.
              </Text>{' '}
              <Text variant="body-small">
                Who owns certificates, RBAC, capacity, upgrades and the
                retirement?
              </Text>
            </Td>
            <Td>
              <dl style={{ margin: 0 }}>
                {RESPONSIBILITY_ROLES.map(role => {
                  const owner = record?.responsibilities[role];
                  return (
                    <div key={role} style={{ display: 'flex', gap: 8 }}>
                      <dt style={termStyle}>
                        <Text variant="body-small" color="secondary">
                          {role}
                        </Text>
                      </dt>
                      <dd style={{ margin: 0 }}>
                        {owner ? (
                          <Text variant="body-small">{shortRef(owner)}</Text>
                        ) : (
                          <Text variant="body-small" color="danger">
                            nobody named
                          </Text>
                        )}
                      </dd>
                    </div>
                  );
                })}
              </dl>
            </Td>
          </tr>
          <tr data-testid="design-versions">
            <Td>
              <Text variant="body-small" weight="bold">
                Supported versions
              </Text>
            </Td>
            <Td>
              <Text as="p" variant="body-small">
                Kubernetes:{' '}
                {record?.kubernetesVersions ??
                  'not declared (kubernetesVersions)'}
                {' · '}support ends:{' '}
                {record?.supportEnds
                  ? formatDate(record.supportEnds)
                  : 'not declared (supportEnds)'}
              </Text>
            </Td>
          </tr>
          <tr data-testid="design-migration">
            <Td>
              <Text variant="body-small" weight="bold">
                Migration plan
              </Text>
            </Td>
            <Td>
              {migration && Object.keys(migration).length > 0 ? (
                <Text as="p" variant="body-small">
                  {migration.replacement ?? 'replacement not named'}
                  {' · '}
                  {migration.owner ? shortRef(migration.owner) : 'no owner'}
                  {' · '}
                  {migration.targetDate
                    ? `by ${formatDate(migration.targetDate)}`
                    : 'no target date'}
                </Text>
              ) : (
                <Text as="p" variant="body-small" color="secondary">
                  {props.lifecycle === 'deprecated'
                    ? 'None, and the component is deprecated: name the replacement, an owner and a target date.'
                    : 'None declared (needed once the component is deprecated).'}
                </Text>
              )}
            </Td>
          </tr>
        </tbody>
      </SimpleTable>
      {!props.orphan && hasMissing(parts) && (
        <Box mt="4" data-testid="design-snippet">
          <Text as="p" weight="bold">
            Add to the entity's catalog-info.yaml
          </Text>
          <Text as="p" variant="body-small" color="secondary">
            Replace each TODO with your answer; the owners default to the
            component's owner.
          </Text>
          <CodeSnippet
            // plain text: the highlighter's comment colours fall below 4.5:1
            language="text"
            text={catalogSnippet(parts, kind, props.owner)}
            // wrapped, never a scrolled box a keyboard cannot reach
            wrapLongLines
            customStyle={{ overflowX: 'visible' }}
            showCopyCodeButton
          />
        </Box>
      )}
    </InfoCard>
  );
};
