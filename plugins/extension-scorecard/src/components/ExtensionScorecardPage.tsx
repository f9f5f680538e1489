import { Content, Header, Page } from '@backstage/core-components';
import Typography from '@material-ui/core/Typography';

/** The platform page: scorecards of every extension component. */
export const ExtensionScorecardPage = () => (
  <Page themeId="tool">
    <Header
      title="Extension Scorecard"
      subtitle="Readiness of every Kubernetes extension on the platform"
    />
    <Content>
      <Typography variant="body1">
        No snapshot has been taken yet.
      </Typography>
    </Content>
  </Page>
);
