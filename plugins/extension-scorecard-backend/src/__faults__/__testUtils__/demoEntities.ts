/** The demo catalog of examples/ as the test backends serve it. */
import path from 'node:path';
import type { Entity } from '@backstage/catalog-model';
import { readCatalogFiles } from '../../collect/catalog';

const EXAMPLES = path.resolve(__dirname, '../../../../../examples');

/**
 * The demo organisation and extension components of examples/, with the relations
 * the catalog's processing would add (memberOf, childOf, ownedBy), which the plugin
 * reads for group membership.
 */
export async function demoEntities(): Promise<Entity[]> {
  const entities = await readCatalogFiles([
    path.join(EXAMPLES, 'org.yaml'),
    path.join(EXAMPLES, 'entities.yaml'),
  ]);
  const ref = (kind: string, name: string) =>
    name.includes(':') ? name : `${kind}:default/${name}`;
  return entities.map(entity => {
    const spec = (entity.spec ?? {}) as Record<string, any>;
    const relations = [
      ...((spec.memberOf as string[] | undefined) ?? []).map(group => ({
        type: 'memberOf',
        targetRef: ref('group', group),
      })),
      ...(spec.parent
        ? [{ type: 'childOf', targetRef: ref('group', spec.parent) }]
        : []),
      ...(entity.kind === 'Component' && spec.owner
        ? [{ type: 'ownedBy', targetRef: ref('group', spec.owner) }]
        : []),
    ];
    return { ...entity, relations };
  });
}
