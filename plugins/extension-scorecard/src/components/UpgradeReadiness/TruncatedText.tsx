import { CSSProperties, useState } from 'react';
import { Text } from '@backstage/ui';
import { truncate } from './labels';

// Reset by property, not `all: unset`, so the browser's focus ring stays.
const moreStyle: CSSProperties = {
  background: 'none',
  border: 'none',
  padding: 0,
  font: 'inherit',
  cursor: 'pointer',
  marginLeft: 'var(--bui-space-1)',
  color: 'var(--bui-fg-primary)',
  textDecoration: 'underline',
  fontSize: 'var(--bui-font-size-2)',
  whiteSpace: 'nowrap',
};

/**
 * Text cut to `max` characters at a word, with a "more" button that shows it whole
 * (and "less" to cut it again); short texts are shown as they are.
 */
export const TruncatedText = (props: {
  text: string;
  max: number;
  variant?: 'body-small' | 'body-medium';
  color?: 'primary' | 'secondary';
}) => {
  const { text, max, variant = 'body-small', color } = props;
  const [whole, setWhole] = useState(false);
  if (text.length <= max) {
    return (
      <Text
        variant={variant}
        color={color}
        style={{ overflowWrap: 'anywhere' }}
      >
        {text}
      </Text>
    );
  }
  return (
    <Text variant={variant} color={color} style={{ overflowWrap: 'anywhere' }}>
      {whole ? text : truncate(text, max)}
      <button
        type="button"
        style={moreStyle}
        aria-expanded={whole}
        aria-label={whole ? 'Show less' : 'Show the full text'}
        onClick={() => setWhole(!whole)}
      >
        {whole ? 'less' : 'more'}
      </button>
    </Text>
  );
};
