import { Box, Flex, Text } from '@backstage/ui';
import type { CampaignCounts } from '@extension-scorecard/plugin-extension-scorecard-common';
import { toneColor } from '../StatusDisplay';

/** "4 of 9 done · 1 waived · 4 open". */
export function progressText(counts: CampaignCounts): string {
  if (counts.inScope === 0) return 'nothing in scope';
  return `${counts.done} of ${counts.inScope} done · ${counts.waived} waived · ${counts.open} open`;
}

/**
 * A campaign's progress: a bar of done (green), waived (outlined) and open (red)
 * components, with the figures in words beside it (the bar's accessible name).
 */
export const CampaignProgress = (props: {
  counts: CampaignCounts | null;
  width?: number;
}) => {
  const { counts } = props;
  if (!counts) {
    return (
      <Text variant="body-small" color="secondary">
        no snapshot yet
      </Text>
    );
  }
  const share = (n: number) =>
    counts.inScope ? `${(100 * n) / counts.inScope}%` : '0%';
  const text = progressText(counts);
  return (
    <Flex align="center" gap="2" style={{ flexWrap: 'wrap' }}>
      <Box
        role="img"
        aria-label={text}
        style={{
          display: 'flex',
          width: props.width ?? 160,
          height: 10,
          borderRadius: 5,
          overflow: 'hidden',
          background: 'var(--bui-bg-neutral-2)',
          border: '1px solid var(--bui-border-1)',
        }}
      >
        <span
          style={{
            width: share(counts.done),
            background: toneColor('success'),
          }}
        />
        <span
          style={{
            width: share(counts.waived),
            background: `repeating-linear-gradient(45deg, ${toneColor(
              'warning',
            )} 0 3px, transparent 3px 6px)`,
          }}
        />
        <span
          style={{ width: share(counts.open), background: toneColor('danger') }}
        />
      </Box>
      <Text variant="body-small">{text}</Text>
    </Flex>
  );
};
