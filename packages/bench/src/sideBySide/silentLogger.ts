import type { LoggerService } from '@backstage/backend-plugin-api';

/** A logger that drops everything: logging is not what the side-by-side run measures. */
export const silentLogger: LoggerService = {
  error() {},
  warn() {},
  info() {},
  debug() {},
  child() {
    return silentLogger;
  },
};
