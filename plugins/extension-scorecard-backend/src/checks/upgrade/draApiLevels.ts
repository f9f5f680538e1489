/** dra.api-stability: the DRA API levels a driver's DeviceClasses and ResourceSlices use. */
import type {
  BuiltinClusterCheck,
  BuiltinClusterContext,
} from '../builtinContext';
import {
  fail,
  judgedWithout,
  listed,
  pass,
  stringsSetting,
  warn,
  withRemediation,
} from '../builtinContext';
import type { CheckOutcome } from '../types';
import { formatRelease, parseRelease } from '../kubernetes/releases';
import { clusterRelease, splitApiVersion } from './shared';

const draApiStability: BuiltinClusterCheck = {
  id: 'dra.api-stability',
  dimension: 'upgrade',
  kinds: ['dra-driver'],
  severity: 'high',
  scope: 'cluster',
  needsVersion: true,
  title: 'DRA API version is stable enough for its lifecycle',
  remediation:
    'Move DeviceClasses and ResourceSlices to resource.k8s.io/v1 (GA in 1.34); keep alpha versions out of production and never treat alpha/beta fields as a long-term contract.',
  docsUrl:
    'https://kubernetes.io/docs/concepts/scheduling-eviction/dynamic-resource-allocation/',
  evaluate(component, context) {
    // not served means DRA is off (judged below), not that objects are missing
    const missing = {
      deviceclasses: context.index.unreadable('deviceclasses', true),
      resourceslices: context.index.unreadable('resourceslices', true),
    };
    return judgedWithout(judgeDraVersions(component, context), missing);
  },
};

/** dra.api-stability on the DeviceClasses and ResourceSlices read in this collection. */
function judgeDraVersions(
  component: Parameters<BuiltinClusterCheck['evaluate']>[0],
  context: BuiltinClusterContext,
): CheckOutcome {
  const current = clusterRelease(context);
  const currentText = formatRelease(current);
  // objects kept from an earlier read prove nothing about now
  const read = context.index.readInstance(context.instance).objects;
  const objects = [...read.deviceClasses, ...read.resourceSlices];
  if (!objects.length) {
    for (const key of ['deviceclasses', 'resourceslices'] as const) {
      const status = context.index.readStatus(key);
      if (status?.state === 'not-served') {
        return withRemediation(
          fail(
            `resource.k8s.io ${key} not served in cluster ${context.index.name} (${currentText}): DRA is not enabled`,
          ),
          `Enable dynamic resource allocation in ${context.index.name} (the resource.k8s.io API; GA and on by default from 1.34), or do not deploy this driver there.`,
        );
      }
    }
    return withRemediation(
      warn(
        `no DeviceClass or ResourceSlice of this driver in cluster ${context.index.name}`,
      ),
      'Ship the DeviceClass with the driver and check that its kubelet plugin runs and publishes ResourceSlices for its nodes.',
    );
  }
  const lifecycle = component.catalog?.lifecycle;
  const production =
    !lifecycle ||
    stringsSetting(context, 'productionLifecycles').includes(lifecycle);
  const versions = [
    ...new Set(objects.map(o => splitApiVersion(o.apiVersion).version)),
  ];
  const failures: string[] = [];
  const warnings: string[] = [];
  const gate = context.tables.draFeatureGate;
  for (const version of versions) {
    const row = context.tables.draVersions.find(v => v.version === version);
    const removal = context.tables.deprecatedApis.find(
      d => d.group === 'resource.k8s.io' && d.version === version,
    );
    const removedIn = removal?.removedIn
      ? parseRelease(removal.removedIn)
      : null;
    const lastServed = row?.lastServedIn
      ? parseRelease(row.lastServedIn)
      : null;
    const text = `resource.k8s.io/${version}`;
    if (
      (removedIn !== null && current >= removedIn) ||
      (lastServed !== null && current > lastServed)
    ) {
      failures.push(`${text} is no longer served in ${currentText}`);
    } else if (!row) {
      warnings.push(
        `${text} is not in the DRA version table (data/dra-versions.yaml)`,
      );
    } else if (row.stability === 'alpha') {
      (production ? failures : warnings).push(
        `${text} is alpha${
          production
            ? ` in a ${
                lifecycle ?? 'lifecycle-less (treated as production)'
              } component`
            : ''
        }`,
      );
    } else if (row.stability === 'beta') {
      const off = gate.offByDefaultIn.includes(currentText)
        ? `; feature gate ${gate.name} is off by default in ${currentText}`
        : '';
      warnings.push(`${text} is beta${off}`);
    }
  }
  const observed = {
    versions,
    clusterVersion: currentText,
    lifecycle: lifecycle ?? null,
  };
  if (failures.length) return fail(listed(failures), observed);
  if (warnings.length) return warn(listed(warnings), observed);
  return pass(
    `DeviceClasses/ResourceSlices on ${versions
      .map(v => `resource.k8s.io/${v}`)
      .join(', ')} (GA) in ${currentText}`,
    observed,
  );
}

export const draChecks = [draApiStability];
