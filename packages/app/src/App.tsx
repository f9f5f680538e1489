import { createApp } from '@backstage/frontend-defaults';
import catalogPlugin from '@backstage/plugin-catalog/alpha';
import orgPlugin from '@backstage/plugin-org/alpha';
import notificationsPlugin from '@backstage/plugin-notifications/alpha';
import signalsPlugin from '@backstage/plugin-signals/alpha';
import userSettingsPlugin from '@backstage/plugin-user-settings/alpha';
import extensionScorecardPlugin from '@extension-scorecard/plugin-extension-scorecard/alpha';
import { homeModule } from './modules/home';
import { navModule } from './modules/nav';
import { signInModule } from './modules/signIn';

export default createApp({
  features: [
    catalogPlugin,
    orgPlugin,
    notificationsPlugin,
    signalsPlugin,
    userSettingsPlugin,
    extensionScorecardPlugin,
    homeModule,
    navModule,
    signInModule,
  ],
});
