import { SignInPage, SignInProviderConfig } from '@backstage/core-components';
import { coreComponentsTranslationRef } from '@backstage/core-components/alpha';
import {
  ApiBlueprint,
  createTranslationMessages,
  discoveryApiRef,
} from '@backstage/frontend-plugin-api';
import {
  SignInPageBlueprint,
  SignInPageProps,
  TranslationBlueprint,
} from '@backstage/plugin-app-react';
import { DemoLeadAuth, demoLeadAuthApiRef } from './DemoLeadAuth';

/** The platform lead: approves waivers of other teams, refreshes, exports the audit. */
export const leadProvider: SignInProviderConfig = {
  id: 'lead',
  title: 'Platform lead (Hana Sato, approves waivers)',
  message:
    'Signs in as Hana Sato, member of platform-admins: approves waivers on extensions of teams she is not in, refreshes the collection and downloads the audit export. Development only.',
  apiRef: demoLeadAuthApiRef,
};

/** The sign-in choices of the demo: the team member (guest) and the lead. */
export const demoProviders = ['guest' as const, leadProvider];

/** The guest card's text: who the guest is (its title stays "Guest"). */
export const GUEST_SUBTITLE =
  'Guest (Bilal Haddad, team-api-platform): requests waivers and submits evidence for the extensions his team owns; cannot approve waivers, refresh or export the audit. Development only.';

/** The backend's `lead` provider as an API the sign-in page can use. */
export const demoLeadAuthApi = ApiBlueprint.make({
  name: 'demo-lead-auth',
  params: defineParams =>
    defineParams({
      api: demoLeadAuthApiRef,
      deps: { discoveryApi: discoveryApiRef },
      factory: ({ discoveryApi }) => new DemoLeadAuth({ discoveryApi }),
    }),
});

/** Guest or platform lead: the two demo identities (docs/demo-identities.md). */
export const DemoSignInPage = (props: SignInPageProps) => (
  <SignInPage
    {...props}
    title="Choose a demo identity"
    align="center"
    providers={demoProviders}
  />
);

export const demoSignInPage = SignInPageBlueprint.make({
  params: {
    loader: async () => DemoSignInPage,
  },
});

/** Says who the guest is on its sign-in card. */
export const demoSignInTranslations = TranslationBlueprint.make({
  name: 'demo-sign-in',
  params: {
    resource: createTranslationMessages({
      ref: coreComponentsTranslationRef,
      messages: { 'signIn.guestProvider.subtitle': GUEST_SUBTITLE },
    }),
  },
});
