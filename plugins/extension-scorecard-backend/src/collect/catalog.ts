/**
 * The catalog side of the inventory: the entities that may own extensions and the
 * Groups/Users named as their owners, from the running catalog (backend) or from YAML
 * files (CLI).
 *
 * Entities that may own extensions: every Component or Resource carrying the Kubernetes
 * plugin's `backstage.io/kubernetes-id` or `backstage.io/kubernetes-label-selector`
 * annotation, whatever its `spec.type` (the catalog a company already has), plus
 * Components declaring themselves extensions (`spec.type: kubernetes-extension`, or a
 * `spec.extension` block with a `kind`: the catalog filters on leaf fields only; files
 * are read whole, so there any `spec.extension` block counts).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { BackstageCredentials } from '@backstage/backend-plugin-api';
import { CATALOG_FILTER_EXISTS, CatalogApi } from '@backstage/catalog-client';
import {
  Entity,
  parseEntityRef,
  stringifyEntityRef,
} from '@backstage/catalog-model';
import { InputError } from '@backstage/errors';
import type { CatalogService } from '@backstage/plugin-catalog-node';
import { parseAllDocuments } from 'yaml';

/** Either the backend's catalog service with credentials, or a CatalogApi client. @public */
export type CatalogReadOptions =
  | { catalog: CatalogService; credentials: BackstageCredentials }
  | { catalogApi: CatalogApi; token?: string };

/** Kinds of entities that may own extensions. */
const OWNER_KINDS = ['Component', 'Resource'];
/** The Kubernetes plugin's annotations naming an entity's cluster objects. */
const KUBERNETES_ANNOTATIONS = [
  'backstage.io/kubernetes-id',
  'backstage.io/kubernetes-label-selector',
];

const OWNER_FIELDS = [
  'kind',
  'metadata.name',
  'metadata.namespace',
  'metadata.title',
  'metadata.annotations',
  'metadata.links',
  'spec.type',
  'spec.profile',
];

/**
 * Reads the entities that may own extensions and the Groups/Users they name (owner,
 * responsibilities, migration owner) from the catalog.
 * @public
 */
export async function readCatalogEntities(
  options: CatalogReadOptions,
): Promise<Entity[]> {
  const api =
    'catalog' in options
      ? {
          getEntities: (req: Parameters<CatalogService['getEntities']>[0]) =>
            options.catalog.getEntities(req, {
              credentials: options.credentials,
            }),
          getEntitiesByRefs: (
            req: Parameters<CatalogService['getEntitiesByRefs']>[0],
          ) =>
            options.catalog.getEntitiesByRefs(req, {
              credentials: options.credentials,
            }),
        }
      : {
          getEntities: (req: Parameters<CatalogApi['getEntities']>[0]) =>
            options.catalogApi.getEntities(
              req,
              options.token ? { token: options.token } : undefined,
            ),
          getEntitiesByRefs: (
            req: Parameters<CatalogApi['getEntitiesByRefs']>[0],
          ) =>
            options.catalogApi.getEntitiesByRefs(
              req,
              options.token ? { token: options.token } : undefined,
            ),
        };

  const { items } = await api.getEntities({
    filter: [
      { kind: 'Component', 'spec.type': 'kubernetes-extension' },
      { kind: 'Component', 'spec.extension.kind': CATALOG_FILTER_EXISTS },
      ...OWNER_KINDS.flatMap(kind =>
        KUBERNETES_ANNOTATIONS.map(annotation => ({
          kind,
          [`metadata.annotations.${annotation}`]: CATALOG_FILTER_EXISTS,
        })),
      ),
    ],
  });
  const refs = [...new Set(items.flatMap(ownerRefsOf))];
  if (refs.length === 0) return items;
  const owners = await api.getEntitiesByRefs({
    entityRefs: refs,
    fields: OWNER_FIELDS,
  });
  return [...items, ...owners.items.filter((e): e is Entity => !!e)];
}

/** Entity refs a Component names as owners, normalized (bare names are Groups). */
export function ownerRefsOf(entity: Entity): string[] {
  const spec = (entity.spec ?? {}) as Record<string, any>;
  const ext = spec.extension ?? {};
  const raw: unknown[] = [
    spec.owner,
    ...Object.values(
      ext.responsibilities && typeof ext.responsibilities === 'object'
        ? ext.responsibilities
        : {},
    ),
    ext.migration?.owner,
  ];
  const out: string[] = [];
  for (const value of raw) {
    if (typeof value !== 'string' || !value.trim()) continue;
    try {
      out.push(
        stringifyEntityRef(
          parseEntityRef(value.trim(), {
            defaultKind: 'group',
            defaultNamespace: entity.metadata.namespace ?? 'default',
          }),
        ),
      );
    } catch {
      // an invalid ref is reported by descriptor validation, not here
    }
  }
  return out;
}

/**
 * Reads entities from catalog YAML files (multi-document), following `kind: Location`
 * targets relative to the file. Every entity is kept (Components, Groups, Users, …);
 * buildInventory picks what it needs. A missing or malformed file is an InputError
 * naming the file and document.
 * @public
 */
export async function readCatalogFiles(paths: string[]): Promise<Entity[]> {
  const entities: Entity[] = [];
  const seen = new Set<string>();
  const visit = async (file: string) => {
    const full = path.resolve(file);
    if (seen.has(full)) return;
    seen.add(full);
    let text: string;
    try {
      text = await fs.readFile(full, 'utf8');
    } catch (e) {
      throw new InputError(
        `Cannot read catalog file ${file}: ${(e as Error).message}`,
      );
    }
    const docs = parseAllDocuments(text);
    const list = Array.isArray(docs) ? docs : [docs];
    for (const [i, doc] of list.entries()) {
      const where = `${file}${list.length > 1 ? ` (document ${i + 1})` : ''}`;
      if (doc.errors.length > 0) {
        throw new InputError(
          `Malformed YAML in ${where}: ${doc.errors[0].message.split('\n')[0]}`,
        );
      }
      let value: unknown;
      try {
        value = doc.toJS({ maxAliasCount: 100 });
      } catch (e) {
        // e.g. an alias bomb: "Excessive alias count indicates a resource exhaustion attack"
        throw new InputError(
          `Malformed YAML in ${where}: ${(e as Error).message}`,
        );
      }
      if (value === null || value === undefined) continue;
      const problem = invalidEntity(value);
      if (problem)
        throw new InputError(`Not a catalog entity in ${where}: ${problem}`);
      const entity = value as Entity;
      if (entity.kind === 'Location') {
        const spec = (entity.spec ?? {}) as {
          target?: unknown;
          targets?: unknown;
        };
        const targets = [
          ...(typeof spec.target === 'string' ? [spec.target] : []),
          ...(Array.isArray(spec.targets)
            ? spec.targets.filter(t => typeof t === 'string')
            : []),
        ] as string[];
        for (const t of targets) {
          if (/^[a-z]+:\/\//i.test(t)) continue; // remote locations are the catalog's business
          await visit(path.resolve(path.dirname(full), t));
        }
        continue;
      }
      entities.push(entity);
    }
  };
  for (const p of paths) await visit(p);
  return entities;
}

function invalidEntity(value: unknown): string | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return 'not a mapping';
  const v = value as Record<string, any>;
  if (typeof v.apiVersion !== 'string') return 'missing apiVersion';
  if (typeof v.kind !== 'string') return 'missing kind';
  if (!v.metadata || typeof v.metadata.name !== 'string' || !v.metadata.name) {
    return 'missing metadata.name';
  }
  return undefined;
}
