/**
 * Node library of the Extension Scorecard: the inventory model checks read, the
 * check contract, and the extension point through which backend modules add
 * checks and extension kinds.
 *
 * @packageDocumentation
 */

export * from './collection';
export * from './inventory';
export * from './checks';
export * from './extensions';
