import { CSSProperties } from 'react';
import { Button, Flex, Text } from '@backstage/ui';
import {
  EXTENSION_KIND_INFO,
  ExtensionKind,
  PATH_CLASSES,
  PathClass,
} from '@extension-scorecard/plugin-extension-scorecard-common';

const gridStyle: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
  gap: 'var(--bui-space-4)',
};
const groupStyle: CSSProperties = {
  border: '1px solid var(--bui-border-1)',
  borderRadius: 'var(--bui-radius-3)',
  padding: 'var(--bui-space-2) var(--bui-space-3)',
};
const listStyle: CSSProperties = { margin: 0, padding: 0, listStyle: 'none' };
/** A kind's name may wrap in a narrow card, so its count stays in the card. */
const kindButtonStyle: CSSProperties = {
  minWidth: 0,
  height: 'auto',
  whiteSpace: 'normal',
  textAlign: 'left',
  paddingInline: 0,
};

/** The button's label wraps between words (the button's own text does not). */
const kindLabelStyle: CSSProperties = {
  whiteSpace: 'normal',
  overflowWrap: 'normal',
  textAlign: 'left',
};

/** What each path class means for the reader (DOMAIN.md). */
const PATH_CLASS_TITLES: Record<PathClass, string> = {
  'sync-api': 'Synchronous API path',
  'async-control': 'Asynchronous control',
  scheduling: 'Scheduling path',
  node: 'Node',
  'data-plane': 'Data plane',
};

/** Components per path class and kind; a kind filters the table when chosen. */
export const KindCounts = (props: {
  kinds: Array<{ kind: ExtensionKind; components: number }>;
  onSelectKind: (kind: ExtensionKind) => void;
}) => {
  const byClass = PATH_CLASSES.map(pathClass => {
    const kinds = props.kinds.filter(
      k => EXTENSION_KIND_INFO[k.kind].pathClass === pathClass,
    );
    return {
      pathClass,
      kinds,
      total: kinds.reduce((sum, k) => sum + k.components, 0),
    };
  }).filter(group => group.kinds.length > 0);

  return (
    <div style={gridStyle}>
      {byClass.map(group => (
        <section
          key={group.pathClass}
          style={groupStyle}
          aria-label={`${PATH_CLASS_TITLES[group.pathClass]}: ${
            group.total
          } components`}
        >
          <Flex justify="between" align="baseline">
            <Text weight="bold">{PATH_CLASS_TITLES[group.pathClass]}</Text>
            <Text variant="title-x-small">{group.total}</Text>
          </Flex>
          <ul style={listStyle}>
            {group.kinds.map(({ kind, components }) => (
              <li key={kind}>
                <Flex justify="between" align="center" gap="2">
                  <Button
                    size="small"
                    variant="tertiary"
                    style={kindButtonStyle}
                    onPress={() => props.onSelectKind(kind)}
                    aria-label={`Show ${EXTENSION_KIND_INFO[kind].title} components`}
                  >
                    <span style={kindLabelStyle}>
                      {EXTENSION_KIND_INFO[kind].title}
                    </span>
                  </Button>
                  <Text>{components}</Text>
                </Flex>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
};
