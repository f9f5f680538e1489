import {
  DesignRecord,
  EXTENSION_KIND_INFO,
  ExtensionKind,
  PATH_CLASSES,
} from '@extension-scorecard/plugin-extension-scorecard-common';

type DesignKey = Exclude<
  keyof DesignRecord,
  'responsibilities' | 'kubernetesVersions' | 'supportEnds' | 'migration'
>;

/** One of the six questions (Q1 has a second form for aggregated APIs). */
export interface DesignQuestion {
  key: DesignKey;
  number: number;
  question: string;
  /** What to write when it is unanswered. */
  guidance: string;
}

export const DESIGN_QUESTIONS: readonly DesignQuestion[] = [
  {
    key: 'whyNotBuiltIn',
    number: 1,
    question: 'Can a built-in API, policy or controller express the need?',
    guidance:
      'Name the built-in option you considered (a ValidatingAdmissionPolicy, CEL validation, a built-in controller) and why it cannot do the job.',
  },
  {
    key: 'whyNotCrd',
    number: 1,
    question:
      'Why an aggregated API rather than a CRD with CEL and a controller?',
    guidance:
      'Say what a CRD with CEL validation and a controller cannot do (custom storage, computed reads, subresources).',
  },
  {
    key: 'path',
    number: 2,
    question: 'Which path is it on?',
    guidance: `One of ${PATH_CLASSES.join(', ')}.`,
  },
  {
    key: 'failureImpact',
    number: 3,
    question:
      'When it fails, does it block new changes or hurt running workloads?',
    guidance:
      'Which requests, Pods or nodes are affected while it is down, in which namespaces, and whether running workloads keep working.',
  },
  {
    key: 'observability',
    number: 4,
    question: 'Can status, Events, metrics and logs locate the failing stage?',
    guidance:
      'The status conditions, Events, metrics and alerts that show which stage fails, and where its logs are.',
  },
  {
    key: 'rollout',
    number: 5,
    question:
      'How is it canaried, run side by side, rolled back and kept compatible across versions?',
    guidance:
      'The order clusters are upgraded in, how a bad version is rolled back, and which versions stay compatible.',
  },
];

export const RESPONSIBILITY_ROLES = [
  'certificates',
  'rbac',
  'capacity',
  'upgrades',
  'retirement',
] as const;
export type ResponsibilityRole = (typeof RESPONSIBILITY_ROLES)[number];

/** The questions that apply to a kind: "why not a CRD" only for aggregated APIs. */
export function questionsFor(kind: ExtensionKind): DesignQuestion[] {
  return DESIGN_QUESTIONS.filter(
    q => q.key !== 'whyNotCrd' || kind === 'aggregated-api',
  );
}

/** What the catalog does not answer yet, for the snippet. */
export interface MissingParts {
  /** No spec.extension block at all. */
  noRecord: boolean;
  questions: DesignQuestion[];
  roles: ResponsibilityRole[];
  kubernetesVersions: boolean;
  supportEnds: boolean;
  migration: boolean;
}

export function missingParts(
  record: DesignRecord | null,
  kind: ExtensionKind,
  lifecycle: string | null,
): MissingParts {
  const questions = questionsFor(kind).filter(q => !record?.[q.key]);
  const roles = RESPONSIBILITY_ROLES.filter(
    role => !record?.responsibilities[role],
  );
  const migration = record?.migration ?? {};
  return {
    noRecord: !record,
    questions,
    roles,
    kubernetesVersions: !record?.kubernetesVersions,
    supportEnds: !record?.supportEnds,
    // a plan is asked for once the component is on its way out
    migration:
      lifecycle === 'deprecated' &&
      !(migration.replacement && migration.owner && migration.targetDate),
  };
}

export function hasMissing(parts: MissingParts): boolean {
  return (
    parts.noRecord ||
    parts.questions.length > 0 ||
    parts.roles.length > 0 ||
    parts.kubernetesVersions ||
    parts.supportEnds ||
    parts.migration
  );
}

/** A YAML double-quoted scalar (JSON strings are valid YAML). */
const quote = (text: string) => JSON.stringify(text);

/**
 * The `catalog-info.yaml` lines to add under the entity's `spec`, with what to write
 * in place of each unanswered field. Owners default to the component's owner.
 */
export function catalogSnippet(
  parts: MissingParts,
  kind: ExtensionKind,
  owner: string | null,
): string {
  const team = owner ?? 'group:default/<team>';
  const lines = ['spec:', '  extension:'];
  if (parts.noRecord) lines.push(`    kind: ${kind}`);
  if (parts.questions.length) {
    lines.push('    design:');
    for (const q of parts.questions) {
      const value =
        q.key === 'path'
          ? EXTENSION_KIND_INFO[kind]?.pathClass ?? PATH_CLASSES[0]
          : quote(`TODO: ${q.guidance}`);
      lines.push(`      # Q${q.number}: ${q.question}`);
      lines.push(`      ${q.key}: ${value}`);
    }
  }
  if (parts.roles.length) {
    lines.push('    responsibilities:');
    for (const role of parts.roles) lines.push(`      ${role}: ${team}`);
  }
  if (parts.kubernetesVersions) {
    lines.push(
      '    # the Kubernetes versions this version supports, a semver range',
    );
    lines.push(`    kubernetesVersions: ${quote('>=1.30.0 <1.35.0')}`);
  }
  if (parts.supportEnds) {
    lines.push('    # the day this version stops being supported upstream');
    lines.push(`    supportEnds: ${quote('YYYY-MM-DD')}`);
  }
  if (parts.migration) {
    lines.push('    migration:');
    lines.push(`      replacement: ${quote('TODO: what replaces it')}`);
    lines.push(`      owner: ${team}`);
    lines.push(`      targetDate: ${quote('YYYY-MM-DD')}`);
  }
  return `${lines.join('\n')}\n`;
}
