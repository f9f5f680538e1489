import { CSSProperties, useEffect, useRef, useState } from 'react';
import {
  Accordion,
  AccordionPanel,
  AccordionTrigger,
  Box,
  Button,
  Flex,
  Link,
  Text,
} from '@backstage/ui';
import { InfoCard } from '@backstage/core-components';
import { CheckResult } from '@extension-scorecard/plugin-extension-scorecard-common';
import { formatDate } from '../../format/time';
import { StatusChip } from '../StatusDisplay';
import { OutlineBadge } from '../shared';
import { resultAnchor, resultKey } from './blockers';
import { groupByDimension } from './checkOrdering';
import { ObservedValues } from './ObservedValues';

const resultStyle = (first: boolean): CSSProperties => ({
  padding: 'var(--bui-space-3) 0',
  borderTop: first ? 'none' : '1px solid var(--bui-border-1)',
});

const NEEDS_WORK = ['fail', 'warn', 'unknown'];

/** Results shown right away: those needing work, and waived ones (never hidden as pass). */
function isLoud(result: CheckResult): boolean {
  return NEEDS_WORK.includes(result.status) || Boolean(result.waiver);
}

function waiverNote(result: CheckResult): string | undefined {
  if (!result.waiver) return undefined;
  return `Waived until ${formatDate(result.waiver.expiresAt)}${
    result.waiver.approvedBy ? `, approved by ${result.waiver.approvedBy}` : ''
  }: ${result.waiver.reason}`;
}

/** An announced campaign's grace: this warn fails from the enforcement date. */
export function announcementNote(result: CheckResult): string | undefined {
  if (!result.announced) return undefined;
  return `Fails from ${formatDate(
    result.announced.enforceFrom,
  )}: announced by the campaign “${result.announced.title}”`;
}

/** A request to bring one result's row into view; `seq` repeats a request for the same row. */
export interface CheckFocus {
  key: string;
  seq: number;
}

const ResultItem = (props: {
  result: CheckResult;
  first?: boolean;
  onRequestWaiver?: (result: CheckResult) => void;
  focus?: CheckFocus;
}) => {
  const { result, onRequestWaiver } = props;
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const focusSeq =
    props.focus?.key === resultKey(result) ? props.focus.seq : undefined;
  useEffect(() => {
    if (focusSeq === undefined || !ref.current) return;
    ref.current.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    ref.current.focus({ preventScroll: true });
  }, [focusSeq]);
  const needsWork = NEEDS_WORK.includes(result.status);
  const detailsId = `details-${result.checkId}-${result.cluster ?? 'all'}`;
  const hasObserved = Object.keys(result.observed ?? {}).length > 0;
  return (
    <div
      ref={ref}
      id={resultAnchor(result)}
      tabIndex={-1}
      style={resultStyle(Boolean(props.first))}
      data-testid={`check-${result.checkId}`}
    >
      <Flex align="center" gap="2" style={{ flexWrap: 'wrap' }}>
        <StatusChip
          status={result.status}
          waived={Boolean(result.waiver)}
          waiverNote={waiverNote(result)}
        />
        <Text weight="bold">{result.checkId}</Text>
        <OutlineBadge>{result.cluster ?? 'all clusters'}</OutlineBadge>
        <Text variant="body-small" color="secondary">
          {result.severity}
        </Text>
      </Flex>
      <Text as="p" style={{ wordBreak: 'break-word' }}>
        {result.message}
      </Text>
      {result.waiver && (
        <Text as="p" variant="body-small" color="secondary">
          {waiverNote(result)}
        </Text>
      )}
      {result.announced && (
        <Text
          as="p"
          variant="body-small"
          weight="bold"
          data-testid="announced-note"
        >
          {announcementNote(result)}
        </Text>
      )}
      {needsWork && result.remediation && (
        <Text as="p">
          <strong>Remediation:</strong> {result.remediation}
        </Text>
      )}
      <Flex gap="2" align="center" mt="1" style={{ flexWrap: 'wrap' }}>
        {hasObserved && (
          <Button
            size="small"
            variant="tertiary"
            aria-expanded={open}
            aria-controls={detailsId}
            onPress={() => setOpen(!open)}
          >
            {open ? 'Hide observed values' : 'Observed values'}
          </Button>
        )}
        {result.docsUrl && (
          <Link href={result.docsUrl} target="_blank" rel="noopener">
            Docs for {result.checkId}
          </Link>
        )}
        {needsWork && !result.waiver && onRequestWaiver && (
          <Button
            size="small"
            variant="secondary"
            onPress={() => onRequestWaiver(result)}
          >
            Request waiver
          </Button>
        )}
      </Flex>
      {open && (
        <Box id={detailsId} mt="2">
          <ObservedValues observed={result.observed} />
        </Box>
      )}
    </div>
  );
};

/** Passing and not-applicable results, folded into one line until asked for. */
const QuietResults = (props: { results: CheckResult[] }) => {
  const [open, setOpen] = useState(false);
  if (props.results.length === 0) return null;
  const summary = Object.entries(
    props.results.reduce<Record<string, number>>((counts, r) => {
      counts[r.status] = (counts[r.status] ?? 0) + 1;
      return counts;
    }, {}),
  )
    .map(([status, count]) => `${count} ${status}`)
    .join(', ');
  return (
    <Box pt="2">
      <Button
        size="small"
        variant="tertiary"
        aria-expanded={open}
        onPress={() => setOpen(!open)}
      >
        {`${open ? 'Hide' : 'Show'} ${summary}`}
      </Button>
      {open &&
        props.results.map(result => (
          <ResultItem
            key={`${result.checkId}|${result.cluster ?? ''}`}
            result={result}
          />
        ))}
    </Box>
  );
};

/** One dimension: its worst status and counts, its results once opened. */
const DimensionSection = (props: {
  group: ReturnType<typeof groupByDimension>[number];
  onRequestWaiver?: (result: CheckResult) => void;
  focus?: CheckFocus;
}) => {
  const { group, focus } = props;
  // open when something fails, cannot be verified, or will fail (an announced campaign)
  const [expanded, setExpanded] = useState(
    group.worst === 'fail' ||
      group.worst === 'unknown' ||
      group.results.some(r => r.announced),
  );
  const holdsFocus =
    focus !== undefined && group.results.some(r => resultKey(r) === focus.key);
  // a blocker or hard gate asked for a row of this dimension: open it
  useEffect(() => {
    if (holdsFocus) setExpanded(true);
  }, [holdsFocus, focus?.seq]);
  const loud = group.results.filter(result => isLoud(result));
  return (
    <Accordion
      isExpanded={expanded}
      onExpandedChange={setExpanded}
      id={`dimension-${group.dimension}`}
    >
      <AccordionTrigger level={3}>
        <Flex align="center" gap="2" style={{ flexWrap: 'wrap' }}>
          <StatusChip status={group.worst} />
          <Text variant="body-large" weight="bold">
            {group.dimension}
          </Text>
          <Text variant="body-small" color="secondary">
            {Object.entries(group.counts)
              .map(([status, count]) => `${count} ${status}`)
              .join(' · ')}
            {group.waived > 0 ? ` · ${group.waived} waived` : ''}
          </Text>
        </Flex>
      </AccordionTrigger>
      <AccordionPanel>
        {/* Mounted only while open, as before: closed dimensions keep no results in the page. */}
        {expanded && (
          <>
            {loud.map((result, index) => (
              <ResultItem
                key={`${result.checkId}|${result.cluster ?? ''}`}
                result={result}
                first={index === 0}
                onRequestWaiver={props.onRequestWaiver}
                focus={focus}
              />
            ))}
            <QuietResults
              results={group.results.filter(result => !isLoud(result))}
            />
          </>
        )}
      </AccordionPanel>
    </Accordion>
  );
};

/**
 * Check results grouped by dimension, worst dimension results first. Dimensions with
 * something to fix start open, and those holding a result an announced campaign will
 * fail. Results needing work offer "Request waiver" when
 * `onRequestWaiver` is given; `requestRefusal` says why they do not.
 */
export const CheckResults = (props: {
  results: CheckResult[];
  onRequestWaiver?: (result: CheckResult) => void;
  /** Why the user may not request waivers here (shown under the title). */
  requestRefusal?: string;
  /** The result to bring into view (its dimension opens). */
  focus?: CheckFocus;
}) => {
  const groups = groupByDimension(props.results);
  const waivable = props.results.some(
    r => NEEDS_WORK.includes(r.status) && !r.waiver,
  );
  return (
    <InfoCard
      title="Checks by dimension"
      subheader={
        props.requestRefusal && waivable ? (
          <span data-testid="check-waiver-refused">
            {props.requestRefusal}.
          </span>
        ) : undefined
      }
    >
      {groups.length === 0 && (
        <Text as="p">No check ran on this component.</Text>
      )}
      {groups.map(group => (
        <DimensionSection
          key={group.dimension}
          group={group}
          onRequestWaiver={props.onRequestWaiver}
          focus={props.focus}
        />
      ))}
    </InfoCard>
  );
};
