/**
 * Derived facts about one instance, computed on first use and shared by every
 * check of that instance; the scorecard also reports them (certificates, RBAC
 * findings, blast radius).
 */
import type {
  BlastRadius,
  CertificateFinding,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type {
  ComponentInstance,
  ExtensionComponent,
} from '../../inventory/model';
import type { ClusterIndex } from '../clusterIndex';
import type { ReferenceTables } from '../../reference';
import {
  type AdmissionWebhook,
  webhooksOf,
} from '../kubernetes/admissionWebhooks';
import { parseImage } from '../kubernetes/images';
import { selectorMatches } from '../kubernetes/labelSelectors';
import {
  isReplicated,
  type Workload,
  workloadsOf,
} from '../kubernetes/workloads';
import { blastRadiusOf } from './blastRadius';
import {
  certificateFindingsOf,
  type TlsEndpoint,
  tlsEndpointsOf,
} from './certificateInventory';
import {
  analyseServiceAccounts,
  type RbacAnalysis,
} from './serviceAccountGrants';

export class InstanceFacts {
  private cache: {
    webhooks?: AdmissionWebhook[];
    workloads?: Workload[];
    syncBackends?: Workload[];
    tls?: TlsEndpoint[];
    certificates?: CertificateFinding[];
    blast?: BlastRadius[];
    rbac?: RbacAnalysis;
  } = {};

  constructor(
    readonly component: ExtensionComponent,
    readonly instance: ComponentInstance,
    readonly index: ClusterIndex,
    private readonly tables: ReferenceTables,
    private readonly now: Date,
  ) {}

  get webhooks(): AdmissionWebhook[] {
    return (this.cache.webhooks ??= webhooksOf(this.instance));
  }

  get workloads(): Workload[] {
    return (this.cache.workloads ??= workloadsOf(this.instance));
  }

  /**
   * The Deployments and StatefulSets on the synchronous path: those behind the Services
   * the API server calls (webhooks, APIServices, CRD conversion) and those running a
   * scheduler. Other workloads of the component (background controllers, audit) are not
   * on that path.
   */
  get syncBackends(): Workload[] {
    if (this.cache.syncBackends) return this.cache.syncBackends;
    const deployments = this.workloads.filter(isReplicated);
    const services = [
      ...this.webhooks.map(w => w.service),
      ...this.instance.objects.apiServices.map(a => a.spec?.service),
      ...this.instance.objects.customResourceDefinitions.map(
        c => c.spec?.conversion?.webhook?.clientConfig?.service,
      ),
    ].filter((s): s is { namespace: string; name: string } => !!s?.name);
    const backends = new Set<Workload>();
    for (const ref of services) {
      const service =
        this.instance.objects.services.find(
          s =>
            s.metadata.namespace === ref.namespace &&
            s.metadata.name === ref.name,
        ) ?? this.index.service(ref.namespace, ref.name);
      const selector = service?.spec?.selector;
      if (!selector) continue;
      for (const d of deployments) {
        if (
          d.namespace === ref.namespace &&
          selectorMatches({ matchLabels: selector }, d.templateLabels)
        )
          backends.add(d);
      }
    }
    const schedulerImages = this.tables.versionSkew.schedulerImages;
    for (const d of deployments) {
      if (
        (d.podSpec.containers ?? []).some((c: any) =>
          schedulerImages.includes(parseImage(c.image ?? '').name),
        )
      ) {
        backends.add(d);
      }
    }
    return (this.cache.syncBackends = deployments.filter(d => backends.has(d)));
  }

  get tlsEndpoints(): TlsEndpoint[] {
    return (this.cache.tls ??= tlsEndpointsOf(this.instance, this.webhooks));
  }

  get certificates(): CertificateFinding[] {
    return (this.cache.certificates ??= certificateFindingsOf(
      this.instance,
      this.tlsEndpoints,
      this.now,
    ));
  }

  get blastRadius(): BlastRadius[] {
    return (this.cache.blast ??= blastRadiusOf(
      this.instance,
      this.index,
      this.webhooks,
    ));
  }

  get rbac(): RbacAnalysis {
    return (this.cache.rbac ??= analyseServiceAccounts({
      instance: this.instance,
      workloads: this.workloads,
      rbac: this.index.rbac,
      risks: this.tables.rbacRisks,
      declared: this.component.catalog?.descriptor?.declaredPermissions ?? [],
    }));
  }

  /** Facts computed so far (the scorecard reports only what checks looked at). */
  get computed(): {
    certificates?: CertificateFinding[];
    blastRadius?: BlastRadius[];
    rbac?: RbacAnalysis;
  } {
    return {
      certificates: this.cache.certificates,
      blastRadius: this.cache.blast,
      rbac: this.cache.rbac,
    };
  }
}
