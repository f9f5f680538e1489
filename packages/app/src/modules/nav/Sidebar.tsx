import {
  Sidebar,
  SidebarDivider,
  SidebarGroup,
  SidebarScrollWrapper,
  SidebarSpace,
  SidebarItem,
} from '@backstage/core-components';
import { NavContentBlueprint } from '@backstage/plugin-app-react';
import { SidebarLogo } from './SidebarLogo';
import MenuIcon from '@material-ui/icons/Menu';
import { UserSettingsSignInAvatar } from '@backstage/plugin-user-settings';
import { NotificationsSidebarItem } from '@backstage/plugin-notifications';

/**
 * Labels that fit the open sidebar (its labels are cut after about 110 px), by page
 * extension id. The item keeps the page's full title as its accessible name and
 * tooltip.
 */
export const SHORT_NAV_LABELS: Record<string, string> = {
  'page:extension-scorecard': 'Scorecard',
};

export const SidebarContent = NavContentBlueprint.make({
  params: {
    component: ({ navItems }) => {
      const nav = navItems.withComponent(item => (
        <SidebarItem
          icon={() => item.icon}
          to={item.href}
          text={SHORT_NAV_LABELS[item.node.spec.id] ?? item.title}
          aria-label={item.title}
          title={item.title}
        />
      ));

      nav.take('page:notifications'); // rendered by NotificationsSidebarItem below

      return (
        <Sidebar>
          <SidebarLogo />
          <SidebarDivider />
          <SidebarGroup label="Menu" icon={<MenuIcon />}>
            {nav.take('page:catalog')}
            {nav.take('page:extension-scorecard')}
            <SidebarDivider />
            <SidebarScrollWrapper>
              {nav.rest({ sortBy: 'title' })}
            </SidebarScrollWrapper>
          </SidebarGroup>
          <SidebarSpace />
          <SidebarDivider />
          <NotificationsSidebarItem />
          <SidebarDivider />
          <SidebarGroup
            label="Settings"
            icon={<UserSettingsSignInAvatar />}
            to="/settings"
          >
            {nav.take('page:user-settings')}
          </SidebarGroup>
        </Sidebar>
      );
    },
  },
});
