/**
 * Shared types, check ids, permissions and the API client of the Extension Scorecard plugins.
 *
 * @packageDocumentation
 */

export * from './kinds';
export * from './checks';
export * from './permissions';
export * from './evidence';
export * from './scorecard';
export * from './api';
