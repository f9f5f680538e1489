import { ReactNode } from 'react';
import { Link } from '@backstage/ui';
import { CheckResult } from '@extension-scorecard/plugin-extension-scorecard-common';
import { resultAnchor } from './blockers';

/**
 * An in-page link to a result's row in "Checks by dimension". The row may sit in a
 * closed dimension, so instead of following the anchor the page is asked to open it
 * and bring the row into view (`onShow`).
 */
export const CheckLink = (props: {
  result: CheckResult;
  onShow: (result: CheckResult) => void;
  children: ReactNode;
}) => (
  <Link
    href={`#${resultAnchor(props.result)}`}
    onClick={event => event.preventDefault()}
    onPress={() => props.onShow(props.result)}
  >
    {props.children}
  </Link>
);
