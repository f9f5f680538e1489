/**
 * The extension descriptor a team writes under `spec.extension` of its Component
 * (see the backend README): parsing and validation, pure. Every mistake becomes a
 * DescriptorFinding with the path and a message; nothing here throws. Invalid values
 * are left out of the parsed descriptor, valid ones are kept.
 */
import { parseEntityRef, stringifyEntityRef } from '@backstage/catalog-model';
import {
  EXTENSION_KINDS,
  ExtensionKind,
  isExtensionKind,
  PATH_CLASSES,
  PathClass,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import semver from 'semver';
import {
  AlertRule,
  DeclaredPermission,
  DescriptorFinding,
  ExtensionDescriptor,
  Responsibility,
  RESPONSIBILITIES,
  SCHEDULER_EXTENSION_POINTS,
  SchedulerExtensionPoint,
} from './model';

/** A parsed descriptor; `kind` is absent when the entity did not declare a valid one. */
export type ParsedDescriptor = Omit<ExtensionDescriptor, 'kind'> & {
  kind?: ExtensionKind;
};

const TOP_LEVEL_FIELDS = [
  'kind',
  'design',
  'responsibilities',
  'kubernetesVersions',
  'supportEnds',
  'migration',
  'scheduler',
  'declaredPermissions',
  'alerts',
  'deviceResources',
  'rolloutPlan',
];
const DESIGN_FIELDS = [
  'whyNotBuiltIn',
  'whyNotCrd',
  'path',
  'failureImpact',
  'observability',
  'rollout',
];
const MIGRATION_FIELDS = ['replacement', 'owner', 'targetDate'];
const SCHEDULER_FIELDS = [
  'schedulerName',
  'extensionPoints',
  'permitTimeoutSeconds',
  'unreserve',
];
const PERMISSION_FIELDS = [
  'apiGroups',
  'resources',
  'resourceNames',
  'verbs',
  'reason',
];
const ALERT_FIELDS = ['name', 'expr', 'source'];

/** `vendor.example.com/resource`: a domain-prefixed extended resource name. */
const EXTENDED_RESOURCE =
  /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;

/**
 * Parses `spec.extension`. `raw === undefined` (no block) gives a null descriptor and no
 * findings; anything else gives the valid parts and one finding per mistake.
 */
export function parseExtensionDescriptor(
  raw: unknown,
  options: {
    path?: string;
    defaultNamespace?: string;
    /** Kinds registered by backend modules, accepted next to the built-in ones. */
    extraKinds?: readonly string[];
  } = {},
): { descriptor: ParsedDescriptor | null; findings: DescriptorFinding[] } {
  const base = options.path ?? 'spec.extension';
  const findings: DescriptorFinding[] = [];
  const add = (path: string, message: string) =>
    findings.push({ path, message });
  if (raw === undefined || raw === null) return { descriptor: null, findings };
  if (!isRecord(raw)) {
    add(base, `must be a mapping, got ${typeName(raw)}`);
    return { descriptor: null, findings };
  }
  const ctx: Ctx = { add, namespace: options.defaultNamespace ?? 'default' };
  unknownFields(ctx, raw, TOP_LEVEL_FIELDS, base);

  const descriptor: ParsedDescriptor = {
    design: {},
    responsibilities: {},
    declaredPermissions: [],
    alerts: [],
  };

  const kinds = [...EXTENSION_KINDS, ...(options.extraKinds ?? [])];
  if (raw.kind === undefined) {
    add(`${base}.kind`, `is missing; one of ${kinds.join(', ')}`);
  } else if (
    !isExtensionKind(raw.kind) &&
    !options.extraKinds?.includes(raw.kind as string)
  ) {
    add(
      `${base}.kind`,
      `${show(raw.kind)} is not an extension kind; one of ${kinds.join(', ')}`,
    );
  } else {
    // kinds added by modules travel as strings outside the built-in union
    descriptor.kind = raw.kind as ExtensionKind;
  }

  const design = record(ctx, raw.design, `${base}.design`);
  if (design) {
    unknownFields(ctx, design, DESIGN_FIELDS, `${base}.design`);
    for (const field of DESIGN_FIELDS) {
      if (field === 'path') continue;
      const value = text(ctx, design[field], `${base}.design.${field}`);
      if (value !== undefined)
        (descriptor.design as Record<string, string>)[field] = value;
    }
    const path = text(ctx, design.path, `${base}.design.path`);
    if (path !== undefined) {
      if ((PATH_CLASSES as readonly string[]).includes(path)) {
        descriptor.design.path = path as PathClass;
      } else {
        add(
          `${base}.design.path`,
          `'${path}' is not a path class; one of ${PATH_CLASSES.join(', ')}`,
        );
      }
    }
  }

  const responsibilities = record(
    ctx,
    raw.responsibilities,
    `${base}.responsibilities`,
  );
  if (responsibilities) {
    for (const [key, value] of Object.entries(responsibilities)) {
      const where = `${base}.responsibilities.${key}`;
      if (!(RESPONSIBILITIES as readonly string[]).includes(key)) {
        add(
          where,
          `unknown responsibility; one of ${RESPONSIBILITIES.join(', ')}`,
        );
        continue;
      }
      const ref = entityRef(ctx, value, where);
      if (ref) descriptor.responsibilities[key as Responsibility] = ref;
    }
  }

  const range = text(ctx, raw.kubernetesVersions, `${base}.kubernetesVersions`);
  if (range !== undefined) {
    if (semver.validRange(range) === null) {
      add(
        `${base}.kubernetesVersions`,
        `'${range}' is not a semver range (e.g. '>=1.29.0 <1.35.0')`,
      );
    } else {
      descriptor.kubernetesVersions = range;
    }
  }

  const supportEnds = date(ctx, raw.supportEnds, `${base}.supportEnds`);
  if (supportEnds) descriptor.supportEnds = supportEnds;

  const migration = record(ctx, raw.migration, `${base}.migration`);
  if (migration) {
    unknownFields(ctx, migration, MIGRATION_FIELDS, `${base}.migration`);
    descriptor.migration = {};
    const replacement = text(
      ctx,
      migration.replacement,
      `${base}.migration.replacement`,
    );
    if (replacement) descriptor.migration.replacement = replacement;
    const owner = entityRef(ctx, migration.owner, `${base}.migration.owner`);
    if (owner) descriptor.migration.owner = owner;
    const target = date(
      ctx,
      migration.targetDate,
      `${base}.migration.targetDate`,
    );
    if (target) descriptor.migration.targetDate = target;
  }

  const scheduler = record(ctx, raw.scheduler, `${base}.scheduler`);
  if (scheduler) {
    const where = `${base}.scheduler`;
    unknownFields(ctx, scheduler, SCHEDULER_FIELDS, where);
    const points: SchedulerExtensionPoint[] = [];
    const list =
      array(ctx, scheduler.extensionPoints, `${where}.extensionPoints`) ?? [];
    list.forEach((p, i) => {
      if ((SCHEDULER_EXTENSION_POINTS as readonly unknown[]).includes(p)) {
        if (!points.includes(p as SchedulerExtensionPoint))
          points.push(p as SchedulerExtensionPoint);
      } else {
        add(
          `${where}.extensionPoints[${i}]`,
          `${show(
            p,
          )} is not a scheduler extension point; one of ${SCHEDULER_EXTENSION_POINTS.join(
            ', ',
          )}`,
        );
      }
    });
    descriptor.scheduler = { extensionPoints: points };
    const name = text(ctx, scheduler.schedulerName, `${where}.schedulerName`);
    if (name) descriptor.scheduler.schedulerName = name;
    if (scheduler.permitTimeoutSeconds !== undefined) {
      const t = scheduler.permitTimeoutSeconds;
      if (typeof t === 'number' && Number.isFinite(t) && t > 0) {
        descriptor.scheduler.permitTimeoutSeconds = t;
      } else {
        add(
          `${where}.permitTimeoutSeconds`,
          `must be a positive number of seconds, got ${show(t)}`,
        );
      }
    }
    if (scheduler.unreserve !== undefined) {
      if (typeof scheduler.unreserve === 'boolean') {
        descriptor.scheduler.unreserve = scheduler.unreserve;
      } else {
        add(
          `${where}.unreserve`,
          `must be true or false, got ${show(scheduler.unreserve)}`,
        );
      }
    }
  }

  (
    array(ctx, raw.declaredPermissions, `${base}.declaredPermissions`) ?? []
  ).forEach((item, i) => {
    const where = `${base}.declaredPermissions[${i}]`;
    const p = record(ctx, item, where);
    if (!p) return;
    unknownFields(ctx, p, PERMISSION_FIELDS, where);
    const apiGroups = stringList(ctx, p.apiGroups, `${where}.apiGroups`, true);
    const resources = stringList(ctx, p.resources, `${where}.resources`, false);
    const verbs = stringList(ctx, p.verbs, `${where}.verbs`, false);
    if (!apiGroups || !resources || !verbs) return;
    const permission: DeclaredPermission = { apiGroups, resources, verbs };
    if (p.resourceNames !== undefined) {
      const names = stringList(
        ctx,
        p.resourceNames,
        `${where}.resourceNames`,
        false,
      );
      if (!names) return;
      permission.resourceNames = names;
    }
    const reason = text(ctx, p.reason, `${where}.reason`);
    if (reason) permission.reason = reason;
    descriptor.declaredPermissions.push(permission);
  });

  (array(ctx, raw.alerts, `${base}.alerts`) ?? []).forEach((item, i) => {
    const where = `${base}.alerts[${i}]`;
    const a = record(ctx, item, where);
    if (!a) return;
    unknownFields(ctx, a, ALERT_FIELDS, where);
    const name = text(ctx, a.name, `${where}.name`);
    if (!name) {
      if (a.name === undefined) add(`${where}.name`, 'is missing');
      return;
    }
    const alert: AlertRule = { name };
    const expr = text(ctx, a.expr, `${where}.expr`);
    if (expr) alert.expr = expr;
    const source = text(ctx, a.source, `${where}.source`);
    if (source) alert.source = source;
    descriptor.alerts.push(alert);
  });

  const devices = array(ctx, raw.deviceResources, `${base}.deviceResources`);
  if (devices) {
    descriptor.deviceResources = [];
    devices.forEach((d, i) => {
      if (typeof d === 'string' && EXTENDED_RESOURCE.test(d)) {
        descriptor.deviceResources!.push(d);
      } else {
        add(
          `${base}.deviceResources[${i}]`,
          `${show(d)} is not an extended resource name (e.g. 'nvidia.com/gpu')`,
        );
      }
    });
  }

  const rolloutPlan = text(ctx, raw.rolloutPlan, `${base}.rolloutPlan`);
  if (rolloutPlan) descriptor.rolloutPlan = rolloutPlan;

  return { descriptor, findings };
}

interface Ctx {
  add(path: string, message: string): void;
  namespace: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return (
    !!value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    !(value instanceof Date)
  );
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Date) return 'a date';
  if (typeof value === 'object') return 'a mapping';
  return `a ${typeof value}`;
}

function show(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`;
  if (
    value === null ||
    typeof value === 'number' ||
    typeof value === 'boolean'
  ) {
    return String(value);
  }
  return typeName(value);
}

function unknownFields(
  ctx: Ctx,
  obj: Record<string, unknown>,
  known: string[],
  base: string,
) {
  for (const key of Object.keys(obj)) {
    if (!known.includes(key))
      ctx.add(
        `${base}.${key}`,
        `unknown field; known fields: ${known.join(', ')}`,
      );
  }
}

function record(
  ctx: Ctx,
  value: unknown,
  path: string,
): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) {
    ctx.add(path, `must be a mapping, got ${typeName(value)}`);
    return undefined;
  }
  return value;
}

function array(ctx: Ctx, value: unknown, path: string): unknown[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) {
    ctx.add(path, `must be a list, got ${typeName(value)}`);
    return undefined;
  }
  return value;
}

function text(ctx: Ctx, value: unknown, path: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    ctx.add(path, `must be text, got ${typeName(value)}`);
    return undefined;
  }
  const trimmed = value.trim();
  if (!trimmed) {
    ctx.add(path, 'is empty');
    return undefined;
  }
  return trimmed;
}

function stringList(
  ctx: Ctx,
  value: unknown,
  path: string,
  allowEmptyStrings: boolean,
): string[] | undefined {
  if (value === undefined) {
    ctx.add(path, 'is missing');
    return undefined;
  }
  const list = array(ctx, value, path);
  if (!list) return undefined;
  if (list.length === 0) {
    ctx.add(path, 'is empty');
    return undefined;
  }
  const bad = list.findIndex(
    v => typeof v !== 'string' || (!allowEmptyStrings && v === ''),
  );
  if (bad >= 0) {
    ctx.add(`${path}[${bad}]`, `must be text, got ${show(list[bad])}`);
    return undefined;
  }
  return list as string[];
}

/** A full entity ref (`group:default/team-a`); a bare name is a Group in the entity's namespace. */
function entityRef(ctx: Ctx, value: unknown, path: string): string | undefined {
  const raw = text(ctx, value, path);
  if (!raw) return undefined;
  try {
    const ref = parseEntityRef(raw, {
      defaultKind: 'group',
      defaultNamespace: ctx.namespace,
    });
    return stringifyEntityRef(ref);
  } catch (e) {
    ctx.add(
      path,
      `'${raw}' is not an entity reference: ${(e as Error).message}`,
    );
    return undefined;
  }
}

/** A calendar date `YYYY-MM-DD` (or a full ISO timestamp), returned as written. */
function date(ctx: Ctx, value: unknown, path: string): string | undefined {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) {
      ctx.add(path, 'is not a valid date');
      return undefined;
    }
    return value.toISOString().slice(0, 10);
  }
  const raw = text(ctx, value, path);
  if (!raw) return undefined;
  const m =
    /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.exec(
      raw,
    );
  if (!m) {
    ctx.add(path, `'${raw}' is not a date (YYYY-MM-DD)`);
    return undefined;
  }
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (
    check.getUTCFullYear() !== y ||
    check.getUTCMonth() !== mo - 1 ||
    check.getUTCDate() !== d ||
    Number.isNaN(Date.parse(raw))
  ) {
    ctx.add(path, `'${raw}' is not a calendar date`);
    return undefined;
  }
  return raw;
}
