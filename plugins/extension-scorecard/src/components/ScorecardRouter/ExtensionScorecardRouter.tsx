import { Route, Routes } from 'react-router-dom';
import { Header, Page, TabbedLayout } from '@backstage/core-components';
import { AuditPage } from '../AuditPage/AuditPage';
import { PlatformPage } from '../PlatformPage/PlatformPage';
import { ComponentScorecardPage } from './ComponentScorecardPage';

const PlatformLayout = () => (
  <Page themeId="tool">
    <Header
      title="Extension Scorecard"
      subtitle="Readiness of every Kubernetes extension: owners, failure boundaries, certificates, RBAC, upgrades, experiments and retirement"
    />
    <TabbedLayout>
      <TabbedLayout.Route path="/" title="Platform">
        <PlatformPage />
      </TabbedLayout.Route>
      <TabbedLayout.Route path="/audit" title="Audit">
        <AuditPage />
      </TabbedLayout.Route>
    </TabbedLayout>
  </Page>
);

/** Everything under the plugin's page: platform tab, audit tab, one component's page. */
export const ExtensionScorecardRouter = () => (
  <Routes>
    <Route
      path="/components/:componentId"
      element={<ComponentScorecardPage />}
    />
    <Route path="/*" element={<PlatformLayout />} />
  </Routes>
);
