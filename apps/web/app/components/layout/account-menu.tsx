import { Menu } from '@mantine/core';
import { IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSubmit } from 'react-router';
import { useLang } from '../../lib/use-lang.ts';
import { clearClientState } from '../../lib/envelope.ts';
import { AccountButton } from './account-button.tsx';

/**
 * A navigation submit, not a fetcher: the menu unmounts this item as it closes, and a
 * fetcher dies with its component (its redirect to the sign-in page would be lost).
 */
function LogoutItem() {
  const { t } = useTranslation();
  const { to } = useLang();
  const submit = useSubmit();
  return (
    <Menu.Item
      color="red"
      leftSection={<IconLogout size={16} aria-hidden />}
      onClick={() => {
        clearClientState();
        void submit(null, { method: 'post', action: to('/auth/logout') });
      }}
      data-testid="logout"
    >
      {t('nav.logout')}
    </Menu.Item>
  );
}

/** The signed-in customer's menu (profile, settings, sign out): loaded by the header after the page (header.tsx). */
export default function AccountMenu({
  name,
  image,
  defaultOpened = false,
}: {
  name: string;
  image: string | null;
  /** Open at once: its button was clicked before this code had come (header.tsx). */
  defaultOpened?: boolean;
}) {
  const { t } = useTranslation();
  const { to } = useLang();
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <AccountButton name={name} image={image} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={to('/profile')} leftSection={<IconUser size={16} aria-hidden />}>
          {t('nav.profile')}
        </Menu.Item>
        <Menu.Item component={Link} to={to('/settings')} leftSection={<IconSettings size={16} aria-hidden />}>
          {t('nav.settings')}
        </Menu.Item>
        <Menu.Divider />
        <LogoutItem />
      </Menu.Dropdown>
    </Menu>
  );
}
