import { createFrontendModule } from '@backstage/frontend-plugin-api';
import {
  demoLeadAuthApi,
  demoSignInPage,
  demoSignInTranslations,
} from './SignInPage';

/** The demo's sign-in page: guest (a team member) or platform lead. */
export const signInModule = createFrontendModule({
  pluginId: 'app',
  extensions: [demoLeadAuthApi, demoSignInPage, demoSignInTranslations],
});
