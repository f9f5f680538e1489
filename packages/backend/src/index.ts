/*
 * The Backstage backend of the Extension Scorecard demo portal.
 */
import { createBackend } from '@backstage/backend-defaults';

const backend = createBackend();

backend.add(import('@backstage/plugin-app-backend'));

// auth: guest sign-in for local use
backend.add(import('@backstage/plugin-auth-backend'));
backend.add(import('@backstage/plugin-auth-backend-module-guest-provider'));
backend.add(import('./auth/demoLeadProvider'));

// catalog
backend.add(import('@backstage/plugin-catalog-backend'));
backend.add(import('@backstage/plugin-catalog-backend-module-logs'));

// permission framework with the platform's policy (src/permissionPolicy.ts): owning
// teams request waivers and submit evidence, approvers outside the team approve,
// platform admins refresh, export the audit and see orphans
backend.add(import('@backstage/plugin-permission-backend'));
backend.add(import('./permissionPolicy'));

// events: the catalog and signals subscribe to it (without it they log a 404 at start)
backend.add(import('@backstage/plugin-events-backend'));

// notifications and signals: the scorecard notifies owning groups through them
backend.add(import('@backstage/plugin-notifications-backend'));
backend.add(import('@backstage/plugin-signals-backend'));

// actions registry served over MCP
backend.add(import('@backstage/plugin-mcp-actions-backend'));

// Extension Scorecard
backend.add(import('@extension-scorecard/plugin-extension-scorecard-backend'));

backend.start();
