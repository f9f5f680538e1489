import { Entity } from '@backstage/catalog-model';
import { isExtensionComponent } from './isExtensionComponent';

function component(
  spec: Entity['spec'],
  annotations?: Record<string, string>,
): Entity {
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Component',
    metadata: { name: 'x', annotations },
    spec,
  };
}

describe('isExtensionComponent', () => {
  it('accepts each of the markers the backend links by', () => {
    expect(
      isExtensionComponent(component({ type: 'kubernetes-extension' })),
    ).toBe(true);
    expect(
      isExtensionComponent(
        component({ type: 'service', extension: { kind: 'csi' } }),
      ),
    ).toBe(true);
    expect(
      isExtensionComponent(
        component({ type: 'service' }, { 'backstage.io/kubernetes-id': 'x' }),
      ),
    ).toBe(true);
    expect(
      isExtensionComponent(
        component(
          { type: 'operator' },
          {
            'backstage.io/kubernetes-label-selector':
              'app.kubernetes.io/instance=keda',
          },
        ),
      ),
    ).toBe(true);
    expect(
      isExtensionComponent({
        apiVersion: 'backstage.io/v1alpha1',
        kind: 'Resource',
        metadata: {
          name: 'x',
          annotations: { 'backstage.io/kubernetes-id': 'x' },
        },
        spec: { type: 'infrastructure' },
      }),
    ).toBe(true);
  });

  it('rejects other components and other kinds', () => {
    expect(isExtensionComponent(component({ type: 'service' }))).toBe(false);
    expect(
      isExtensionComponent(component({ type: 'service', extension: null })),
    ).toBe(false);
    expect(
      isExtensionComponent({
        apiVersion: 'backstage.io/v1alpha1',
        kind: 'API',
        metadata: {
          name: 'x',
          annotations: { 'backstage.io/kubernetes-id': 'x' },
        },
        spec: { type: 'openapi' },
      }),
    ).toBe(false);
  });
});
