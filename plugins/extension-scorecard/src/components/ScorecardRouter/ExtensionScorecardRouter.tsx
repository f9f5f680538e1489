import { Route, Routes } from 'react-router-dom';
import { Header, Page, TabbedLayout } from '@backstage/core-components';
import { AuditPage } from '../AuditPage/AuditPage';
import { CampaignPage, CampaignsTab } from '../Campaigns';
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
      <TabbedLayout.Route path="/campaigns" title="Campaigns">
        <CampaignsTab />
      </TabbedLayout.Route>
      <TabbedLayout.Route path="/audit" title="Audit">
        <AuditPage />
      </TabbedLayout.Route>
    </TabbedLayout>
  </Page>
);

/** Everything under the plugin's page: platform, campaigns and audit tabs, one component's page, one campaign's page. */
export const ExtensionScorecardRouter = () => (
  <Routes>
    <Route
      path="/components/:componentId"
      element={<ComponentScorecardPage />}
    />
    <Route path="/campaigns/:campaignId" element={<CampaignPage />} />
    <Route path="/*" element={<PlatformLayout />} />
  </Routes>
);
