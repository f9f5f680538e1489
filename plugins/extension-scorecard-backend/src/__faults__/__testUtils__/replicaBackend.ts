/**
 * Child process of the replica test: a real Backstage backend (createBackend from
 * @backstage/backend-defaults, real scheduler, database, HTTP server) with the
 * Extension Scorecard plugin and the demo catalog in memory (plus the entities of
 * the EXTRA_ENTITIES environment variable). Its configuration comes
 * from the `--config` file the test writes (PostgreSQL, clusters, a short schedule).
 * Prints `ready` once the backend has started.
 */
import { createBackend } from '@backstage/backend-defaults';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import { demoEntities } from './demoEntities';

async function main() {
  const backend = createBackend();
  // EXTRA_ENTITIES: a JSON array of entities added to the demo catalog (cluster Resources)
  const extra = JSON.parse(process.env.EXTRA_ENTITIES ?? '[]');
  backend.add(
    catalogServiceMock.factory({
      entities: [...(await demoEntities()), ...extra],
    }),
  );
  backend.add(import('../../index'));
  await backend.start();
  process.stdout.write('ready\n');
  const stop = () => {
    backend.stop().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch(error => {
  process.stderr.write(`${error?.stack ?? error}\n`);
  process.exit(1);
});
