import useAsync from 'react-use/esm/useAsync';
import { useApiHolder } from '@backstage/core-plugin-api';
import {
  entityPresentationApiRef,
  entityPresentationSnapshot,
} from '@backstage/plugin-catalog-react';

const CONTEXT = { defaultKind: 'group' };

/**
 * Display names of owner refs ("Security team" for `group:default/team-security`),
 * as the table's owner links show them: Backstage's entity presentation (the
 * catalog's `spec.profile.displayName` or `metadata.title`), else the ref's name.
 */
export function useOwnerTitles(
  owners: readonly string[],
): ReadonlyMap<string, string> {
  const presentation = useApiHolder().get(entityPresentationApiRef);
  const key = owners.join('\n');
  const { value } = useAsync(async () => {
    const entries = await Promise.all(
      owners.map(async (ref): Promise<[string, string]> => {
        try {
          const resolved = presentation
            ? await presentation.forEntity(ref, CONTEXT).promise
            : undefined;
          if (resolved) return [ref, resolved.primaryTitle];
        } catch {
          // not in the catalog (any more): the ref's own name below
        }
        return [ref, entityPresentationSnapshot(ref, CONTEXT).primaryTitle];
      }),
    );
    return new Map(entries);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [presentation, key]);
  return (
    value ??
    new Map(
      owners.map(ref => [
        ref,
        entityPresentationSnapshot(ref, CONTEXT, presentation).primaryTitle,
      ]),
    )
  );
}
