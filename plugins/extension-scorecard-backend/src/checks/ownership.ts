/** Ownership: is a real team accountable, and are the owners of the things that rot named? */
import { RESPONSIBILITIES, type ExtensionComponent } from '../inventory/model';
import {
  type BuiltinComponentCheck,
  fail,
  listed,
  pass,
  warn,
  withRemediation,
} from './builtinContext';
import { describeObjects } from './componentObjects';

function orphanMessage(component: ExtensionComponent): string {
  const objects = describeObjects(component);
  return objects.length
    ? `orphan: ${listed(objects)} claimed by no catalog entity`
    : 'orphan: no catalog entity claims this component';
}

const ownerExists: BuiltinComponentCheck = {
  id: 'ownership.owner-exists',
  dimension: 'ownership',
  kinds: 'all',
  severity: 'high',
  scope: 'component',
  title: 'A team owns it',
  remediation:
    'Register the extension as a catalog Component whose spec.owner names an existing Group, and label its cluster objects with backstage.io/kubernetes-id.',
  docsUrl:
    'https://backstage.io/docs/features/software-catalog/descriptor-format#specowner-required',
  evaluate(component) {
    const catalog = component.catalog;
    if (!catalog) return fail(orphanMessage(component), { orphan: true });
    const owner = catalog.owner;
    if (!owner)
      return fail(`${catalog.entityRef} has no spec.owner`, {
        entityRef: catalog.entityRef,
      });
    const observed = {
      owner: owner.ref,
      ownerKind: owner.kind,
      resolved: owner.resolved,
    };
    if (!owner.resolved) {
      return withRemediation(
        fail(
          `owner ${owner.ref} of ${catalog.entityRef} does not exist in the catalog`,
          observed,
        ),
        `Register ${owner.ref} in the catalog (or fix the typo), or point spec.owner of ${catalog.entityRef} at an existing Group.`,
      );
    }
    if (owner.kind.toLowerCase() !== 'group') {
      return withRemediation(
        warn(
          `owner ${owner.ref} is a ${owner.kind}, not a Group: ownership leaves with the person`,
          observed,
        ),
        `Make the team ${owner.ref} belongs to the owner: set spec.owner of ${catalog.entityRef} to its Group.`,
      );
    }
    return pass(
      `owned by ${
        owner.displayName ? `${owner.displayName} (${owner.ref})` : owner.ref
      }`,
      observed,
    );
  },
};

const contacts: BuiltinComponentCheck = {
  id: 'ownership.contacts',
  dimension: 'ownership',
  kinds: 'all',
  severity: 'low',
  scope: 'component',
  title: 'The owning team can be reached',
  remediation:
    'Give the owning Group an on-call, chat or email contact (spec.profile.email, or the annotations the catalog README lists).',
  evaluate(component) {
    const owner = component.catalog?.owner;
    if (!owner || !owner.resolved) {
      // a contact needs an owner first
      return withRemediation(
        warn(noOwnerToReach(component), { owner: owner?.ref ?? null }),
        'Give the component an owning Group that exists in the catalog first (see ownership.owner-exists), then give that Group a contact.',
      );
    }
    if (owner.contacts.length === 0) {
      return withRemediation(
        warn(`owner ${owner.ref} lists no on-call, chat or email contact`, {
          owner: owner.ref,
        }),
        `Give ${owner.ref} an on-call, chat or email contact (spec.profile.email, or the annotations the catalog README lists).`,
      );
    }
    const types = [...new Set(owner.contacts.map(c => c.type))];
    return pass(`owner ${owner.ref} reachable by ${types.join(', ')}`, {
      owner: owner.ref,
      contacts: owner.contacts.map(c => `${c.type}: ${c.value}`),
    });
  },
};

const QUESTIONS = [
  { key: 'whyNotBuiltIn', label: 'Q1 why not built-in', required: true },
  { key: 'path', label: 'Q2 path', required: true },
  { key: 'failureImpact', label: 'Q3 failure impact', required: false },
  { key: 'observability', label: 'Q4 observability', required: false },
  { key: 'rollout', label: 'Q5 canary and rollback', required: false },
] as const;

const designRecord: BuiltinComponentCheck = {
  id: 'ownership.design-record',
  dimension: 'ownership',
  kinds: 'all',
  severity: 'medium',
  scope: 'component',
  title: 'The six questions are answered',
  remediation:
    "Answer the six questions in the entity's spec.extension.design (why not built-in, path, failure impact, observability, rollout) and name the responsibilities.",
  evaluate(component, context) {
    const descriptor = component.catalog?.descriptor;
    if (!descriptor) {
      return component.catalog
        ? fail(
            `${component.catalog.entityRef} has no spec.extension design record`,
          )
        : withRemediation(
            fail('orphan: no catalog entity, so no design record'),
            'Register the extension as a catalog Component (see ownership.owner-exists), then answer the six questions in its spec.extension.design.',
          );
    }
    const design = descriptor.design ?? {};
    const unanswered = QUESTIONS.filter(q => !design[q.key]);
    const requiredMissing = unanswered
      .filter(q => q.required)
      .map(q => q.label);
    const otherMissing = unanswered.filter(q => !q.required).map(q => q.label);
    const mistakes = component.descriptorFindings.map(
      f => `${f.path}: ${f.message}`,
    );
    const observed = {
      unanswered: unanswered.map(q => q.label),
      declaredPath: design.path ?? null,
      kindPath: context.kind.pathClass,
      descriptorFindings: mistakes,
    };
    const notes: string[] = [];
    if (otherMissing.length)
      notes.push(`also unanswered: ${otherMissing.join(', ')}`);
    if (design.path && design.path !== context.kind.pathClass) {
      notes.push(
        `declared path ${design.path}, the ${context.kind.id} kind sits on ${context.kind.pathClass}`,
      );
    }
    const suffix = notes.length ? ` (${notes.join('; ')})` : '';
    if (unanswered.length === QUESTIONS.length) {
      return fail(
        `${
          component.catalog!.entityRef
        } declares spec.extension but answers none of the six questions`,
        observed,
      );
    }
    if (requiredMissing.length) {
      return withRemediation(
        warn(
          `design record leaves ${requiredMissing.join(
            ' and ',
          )} unanswered${suffix}`,
          observed,
        ),
        `Answer ${unanswered
          .map(q => q.label)
          .join(', ')} in spec.extension.design.`,
      );
    }
    if (mistakes.length) {
      return withRemediation(
        warn(
          `design record has ${mistakes.length} mistake${
            mistakes.length === 1 ? '' : 's'
          }: ${listed(mistakes, 2)}${suffix}`,
          observed,
        ),
        `Correct ${listed(
          component.descriptorFindings.map(f => f.path),
          3,
        )} in the catalog entity.`,
      );
    }
    return pass(`design record answers Q1 and Q2${suffix}`, observed);
  },
};

const responsibilities: BuiltinComponentCheck = {
  id: 'ownership.responsibilities',
  dimension: 'ownership',
  kinds: 'all',
  severity: 'medium',
  scope: 'component',
  title:
    'Owners of certificates, RBAC, capacity, upgrades and retirement are named',
  remediation:
    'Name an owner (entity ref) for each of certificates, rbac, capacity, upgrades and retirement under spec.extension.responsibilities.',
  evaluate(component) {
    const named = component.catalog?.descriptor?.responsibilities ?? {};
    const missing = RESPONSIBILITIES.filter(r => !named[r]);
    const observed = { named, missing };
    if (!component.catalog) {
      return withRemediation(
        fail('orphan: no catalog entity, so no responsibility is named', {
          ...observed,
          orphan: true,
        }),
        'Register the extension as a catalog Component (see ownership.owner-exists), then name the owners under its spec.extension.responsibilities.',
      );
    }
    if (missing.length === RESPONSIBILITIES.length) {
      return fail(
        `no owner named for any of ${RESPONSIBILITIES.join(', ')}`,
        observed,
      );
    }
    if (missing.length)
      return withRemediation(
        warn(`no owner named for ${missing.join(', ')}`, observed),
        `Name an owner (entity ref) for ${missing.join(
          ', ',
        )} under spec.extension.responsibilities.`,
      );
    return pass(
      `owners named: ${RESPONSIBILITIES.map(r => `${r} ${named[r]}`).join(
        ', ',
      )}`,
      observed,
    );
  },
};

export const ownershipChecks = [
  ownerExists,
  contacts,
  designRecord,
  responsibilities,
];

/** Why a component has no contact to reach: the owner it lacks, in its own case. */
function noOwnerToReach(component: ExtensionComponent): string {
  const owner = component.catalog?.owner;
  if (owner) {
    return `owner ${owner.ref} does not exist in the catalog, so no contact to reach`;
  }
  if (component.catalog) {
    return `${component.catalog.entityRef} has no spec.owner, so no contact to reach`;
  }
  return 'orphan: no catalog entity, so no owner to reach';
}
