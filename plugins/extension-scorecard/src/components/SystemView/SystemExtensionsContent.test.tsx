import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Entity } from '@backstage/catalog-model';
import { EntityProvider } from '@backstage/plugin-catalog-react';
import { componentPage, componentSummary } from '../../__testUtils__/fixtures';
import {
  API,
  renderScorecard,
  setupScorecardServer,
} from '../../__testUtils__/renderScorecard';
import { EntitySystemExtensionsContent } from './SystemExtensionsContent';

const server = setupScorecardServer();
jest.setTimeout(30_000);

const system = (relations: Entity['relations']): Entity => ({
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'System',
  metadata: { name: 'kubernetes-platform-extensions', namespace: 'default' },
  spec: { owner: 'group:default/platform' },
  relations,
});

describe('System extensions', () => {
  it('lists the extensions among the system’s parts, with the hidden count', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get(`${API}/components`, ({ request }) => {
        const params = new URL(request.url).searchParams;
        queries.push(params);
        return HttpResponse.json(
          componentPage([componentSummary()], { hiddenByVisibility: 1 }),
        );
      }),
    );
    await renderScorecard(
      <EntityProvider
        entity={system([
          { type: 'hasPart', targetRef: 'component:default/kyverno' },
          { type: 'hasPart', targetRef: 'component:default/metrics-server' },
          { type: 'hasPart', targetRef: 'api:default/policies' },
          { type: 'ownedBy', targetRef: 'group:default/platform' },
        ])}
      >
        <EntitySystemExtensionsContent />
      </EntityProvider>,
    );
    expect(await screen.findByText('Kyverno')).toBeInTheDocument();
    expect(screen.getByTestId('hidden-by-visibility')).toHaveTextContent(
      /^1 more you may not see/,
    );
    // only Components and Resources, asked for by id
    expect(queries[0].getAll('componentId')).toEqual([
      'component:default/kyverno',
      'component:default/metrics-server',
    ]);
    expect(queries[0].get('sort')).toBe('level');
  });

  it('says when none of its components is an extension', async () => {
    server.use(
      http.get(`${API}/components`, () => HttpResponse.json(componentPage([]))),
    );
    await renderScorecard(
      <EntityProvider
        entity={system([
          { type: 'hasPart', targetRef: 'component:default/web-ui' },
        ])}
      >
        <EntitySystemExtensionsContent />
      </EntityProvider>,
    );
    expect(
      await screen.findByText(
        "None of the system's 1 components is an extension the scorecard has collected.",
      ),
    ).toBeInTheDocument();
  });

  it('asks nothing for a system without components', async () => {
    let asked = 0;
    server.use(
      http.get(`${API}/components`, () => {
        asked += 1;
        return HttpResponse.json(componentPage([]));
      }),
    );
    await renderScorecard(
      <EntityProvider entity={system([])}>
        <EntitySystemExtensionsContent />
      </EntityProvider>,
    );
    expect(
      await screen.findByText('This system has no component'),
    ).toBeInTheDocument();
    expect(asked).toBe(0);
  });
});
