/**
 * Derived facts about one instance, computed on first use and shared by every
 * check of that instance; the scorecard also reports them (certificates, RBAC
 * findings, blast radius).
 */
import type {
  BlastRadius,
  CertificateFinding,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type { ComponentInstance, ExtensionComponent } from '../../inventory/model';
import type { ClusterIndex } from '../clusterIndex';
import type { ReferenceTables } from '../referenceTables';
import { type AdmissionWebhook, webhooksOf } from '../kubernetes/admissionWebhooks';
import { type Workload, workloadsOf } from '../kubernetes/workloads';
import { blastRadiusOf } from './blastRadius';
import {
  certificateFindingsOf,
  type TlsEndpoint,
  tlsEndpointsOf,
} from './certificateInventory';
import { analyseServiceAccounts, type RbacAnalysis } from './serviceAccountGrants';

export class InstanceFacts {
  private cache: {
    webhooks?: AdmissionWebhook[];
    workloads?: Workload[];
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
    return (this.cache.blast ??= blastRadiusOf(this.instance, this.index, this.webhooks));
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
