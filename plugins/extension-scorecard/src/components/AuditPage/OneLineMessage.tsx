import { CSSProperties } from 'react';

const summaryStyle: CSSProperties = {
  cursor: 'pointer',
  maxWidth: 360,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
};

/**
 * A long message on one line of a table row, the whole text on demand: a disclosure
 * (keyboard and screen-reader friendly) whose summary is the first line, cut with an
 * ellipsis; short messages are plain text.
 */
export const OneLineMessage = (props: { message: string }) => {
  const { message } = props;
  if (message.length <= 60 && !message.includes('\n')) return <>{message}</>;
  return (
    <details>
      <summary style={summaryStyle} title="Show the whole message">
        {message.split('\n')[0]}
      </summary>
      <div style={{ whiteSpace: 'pre-wrap', maxWidth: 640 }}>{message}</div>
    </details>
  );
};
