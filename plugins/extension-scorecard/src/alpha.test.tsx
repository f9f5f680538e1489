import { screen } from '@testing-library/react';
import { Entity } from '@backstage/catalog-model';
import { coreExtensionData } from '@backstage/frontend-plugin-api';
import {
  createExtensionTester,
  mockApis,
  renderInTestApp,
} from '@backstage/frontend-test-utils';
import {
  EntityCardBlueprint,
  EntityContentBlueprint,
} from '@backstage/plugin-catalog-react/alpha';
import { ExtensionScorecardClient } from '@extension-scorecard/plugin-extension-scorecard-common';
import { extensionScorecardApiRef } from './api';
import plugin, {
  entityExtensionScorecardContent,
  entityTeamScorecardCard,
  entityTeamScorecardContent,
  extensionScorecardPage,
} from './alpha';
import {
  emptyPortalHandlers,
  setupScorecardServer,
} from './__testUtils__/renderScorecard';

const server = setupScorecardServer();
jest.setTimeout(30_000);

const entity = (kind: string, spec: Entity['spec']): Entity => ({
  apiVersion: 'backstage.io/v1alpha1',
  kind,
  metadata: { name: 'x' },
  spec,
});

describe('new frontend system', () => {
  it('puts the page at /extension-scorecard with an icon, so the sidebar lists it', () => {
    const tester = createExtensionTester(extensionScorecardPage);
    expect(tester.get(coreExtensionData.routePath)).toBe(
      '/extension-scorecard',
    );
    expect(tester.get(coreExtensionData.icon)).toBeTruthy();
    expect(tester.get(coreExtensionData.title)).toBe('Extension Scorecard');
  });

  it('renders the platform page with its Platform and Audit tabs', async () => {
    server.use(...emptyPortalHandlers());
    const client = new ExtensionScorecardClient({
      discoveryApi: mockApis.discovery(),
      fetchApi: { fetch: (...args) => fetch(...args) },
    });
    await renderInTestApp(
      createExtensionTester(extensionScorecardPage).reactElement(),
      {
        apis: [[extensionScorecardApiRef, client]],
      },
    );
    expect(
      await screen.findByText('No snapshot yet', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Platform', { selector: 'span' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Audit', { selector: 'span' })).toBeInTheDocument();
  });

  it('shows the component tab on extension Components only', () => {
    const filter = createExtensionTester(entityExtensionScorecardContent).get(
      EntityContentBlueprint.dataRefs.filterFunction,
    );
    expect(
      filter?.(entity('Component', { type: 'kubernetes-extension' })),
    ).toBe(true);
    expect(filter?.(entity('Component', { type: 'website' }))).toBe(false);
    expect(
      createExtensionTester(entityExtensionScorecardContent).get(
        coreExtensionData.routePath,
      ),
    ).toBe('extension-scorecard');
  });

  it('puts the team tab and card on Group pages (a predicate, not a string filter)', () => {
    const content = createExtensionTester(entityTeamScorecardContent);
    const card = createExtensionTester(entityTeamScorecardCard);
    for (const filter of [
      content.get(EntityContentBlueprint.dataRefs.filterFunction),
      card.get(EntityCardBlueprint.dataRefs.filterFunction),
    ]) {
      expect(filter?.(entity('Group', {}))).toBe(true);
      expect(
        filter?.(entity('Component', { type: 'kubernetes-extension' })),
      ).toBe(false);
    }
    // a string filter is what the framework warns about
    expect(
      content.get(EntityContentBlueprint.dataRefs.filterExpression),
    ).toBeUndefined();
    expect(
      card.get(EntityCardBlueprint.dataRefs.filterExpression),
    ).toBeUndefined();
  });

  it('is one plugin with the id the backend uses', () => {
    expect(plugin.pluginId).toBe('extension-scorecard');
    // The ids the README tells app-config.yaml to use.
    for (const id of [
      'api:extension-scorecard',
      'page:extension-scorecard',
      'entity-content:extension-scorecard/component',
      'entity-content:extension-scorecard/team',
      'entity-card:extension-scorecard/team',
      'entity-content:extension-scorecard/system',
    ] as const) {
      expect(plugin.getExtension(id)).toBeDefined();
    }
    expect(plugin.title).toBe('Extension Scorecard');
  });
});
