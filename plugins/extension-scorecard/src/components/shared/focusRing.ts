import { CSSProperties, useCallback, useRef, useState } from 'react';

/**
 * A visible focus indicator for elements styled inline (which cannot say
 * `:focus-visible`): the accent colour reaches 3:1 on cards in both themes.
 */
export const FOCUS_RING: CSSProperties = {
  outline: '2px solid var(--bui-accent-bg)',
  outlineOffset: 2,
};

/**
 * Whether to draw {@link FOCUS_RING}: as browsers decide `:focus-visible`, focus
 * that comes from the keyboard (Tab, arrow keys moving it) shows, focus from a
 * mouse or touch press does not. Spread `focusProps` on the element.
 */
export function useFocusVisible() {
  const [focusVisible, setFocusVisible] = useState(false);
  const pressed = useRef(false);
  const onPointerDown = useCallback(() => {
    pressed.current = true;
  }, []);
  const onFocus = useCallback(() => {
    setFocusVisible(!pressed.current);
    pressed.current = false;
  }, []);
  const onBlur = useCallback(() => {
    pressed.current = false;
    setFocusVisible(false);
  }, []);
  return { focusVisible, focusProps: { onPointerDown, onFocus, onBlur } };
}
