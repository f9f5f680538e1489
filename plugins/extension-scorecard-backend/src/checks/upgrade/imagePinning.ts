/** upgrade.image-pinned: images referenced by digest or a release tag. */
import type { BuiltinClusterCheck } from '../builtinContext';
import {
  listed,
  notApplicable,
  pass,
  warn,
  WORKLOAD_KINDS,
} from '../builtinContext';
import { isFloatingTag, parseImage, tagVersion } from '../kubernetes/images';
import { containersOf } from '../kubernetes/workloads';
import { WORKLOAD_READS } from './shared';

const imagePinned: BuiltinClusterCheck = {
  id: 'upgrade.image-pinned',
  dimension: 'upgrade',
  kinds: WORKLOAD_KINDS,
  severity: 'medium',
  scope: 'cluster',
  reads: WORKLOAD_READS,
  title: 'Images are pinned',
  remediation:
    'Reference images by digest or a release tag (v1.2.3, or a vendor build of one such as v1.2.3-eksbuild.1), never :latest or an untagged name.',
  evaluate(_component, context) {
    const containers = containersOf(context.facts.workloads, { init: true });
    if (!containers.length) {
      return notApplicable(
        `no backend workload of this component in cluster ${context.index.name}`,
      );
    }
    const floating: string[] = [];
    for (const { container } of containers) {
      const image = parseImage(container.image ?? '');
      if (image.digest) continue;
      if (!image.tag)
        floating.push(`${container.name} ${container.image} (no tag)`);
      else if (image.tag === 'latest')
        floating.push(`${container.name} ${container.image}`);
      else if (!tagVersion(image.tag))
        floating.push(
          `${container.name} ${container.image} (not a release tag)`,
        );
      else if (isFloatingTag(image.tag))
        floating.push(
          `${container.name} ${container.image} (a moving 'latest' build of ${
            tagVersion(image.tag)!.version
          })`,
        );
    }
    const observed = {
      images: [...new Set(containers.map(c => c.container.image))],
    };
    if (floating.length)
      return warn(`floating image(s): ${listed(floating)}`, observed);
    return pass(
      `${containers.length} container(s) pinned by digest or release tag`,
      observed,
    );
  },
};

export const imagePinningChecks = [imagePinned];
