// The benchmarks measure the backend's internals (collector, inventory, checks, store,
// service) that are deliberately not part of its public exports, so this private
// package imports them by path.
module.exports = require('@backstage/cli/config/eslint-factory')(__dirname, {
  rules: {
    '@backstage/no-forbidden-package-imports': 'off',
  },
});
