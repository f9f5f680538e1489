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
  it('accepts each of the three markers', () => {
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
  });

  it('rejects other components and other kinds', () => {
    expect(isExtensionComponent(component({ type: 'service' }))).toBe(false);
    expect(
      isExtensionComponent(component({ type: 'service', extension: null })),
    ).toBe(false);
    expect(
      isExtensionComponent({
        apiVersion: 'backstage.io/v1alpha1',
        kind: 'Resource',
        metadata: {
          name: 'x',
          annotations: { 'backstage.io/kubernetes-id': 'x' },
        },
        spec: { type: 'kubernetes-extension' },
      }),
    ).toBe(false);
  });
});
