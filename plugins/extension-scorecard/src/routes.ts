import { createRouteRef, createSubRouteRef } from '@backstage/core-plugin-api';

/** The platform page. @public */
export const rootRouteRef = createRouteRef({ id: 'extension-scorecard' });

/** One component's scorecard inside the plugin (orphans have no catalog page). @public */
export const componentRouteRef = createSubRouteRef({
  id: 'extension-scorecard/component',
  parent: rootRouteRef,
  path: '/components/:componentId',
});

/** The quarterly audit page. @public */
export const auditRouteRef = createSubRouteRef({
  id: 'extension-scorecard/audit',
  parent: rootRouteRef,
  path: '/audit',
});

/** The campaigns tab: every campaign, suggestions, a new one. @public */
export const campaignsRouteRef = createSubRouteRef({
  id: 'extension-scorecard/campaigns',
  parent: rootRouteRef,
  path: '/campaigns',
});

/** One campaign: progress per team, burn-down, what each component must do. @public */
export const campaignRouteRef = createSubRouteRef({
  id: 'extension-scorecard/campaign',
  parent: rootRouteRef,
  path: '/campaigns/:campaignId',
});
