import { createRouteRef } from '@backstage/core-plugin-api';

/** @public */
export const rootRouteRef = createRouteRef({ id: 'extension-scorecard' });
