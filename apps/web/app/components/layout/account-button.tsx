import { Avatar, Group, Text, UnstyledButton, type UnstyledButtonProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The header's account button (picture, name, chevron): shown as it is until the account
 * menu's code has loaded, then the menu's target (account-menu.tsx), with the same look.
 */
export function AccountButton({
  name,
  image,
  ...props
}: { name: string; image: string | null } & UnstyledButtonProps & React.ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation();
  return (
    <UnstyledButton aria-label={t('nav.account_menu_of', { name })} data-testid="account-menu" {...props}>
      <Group gap={6} wrap="nowrap">
        <Avatar src={image} alt="" radius="xl" size={32} />
        <Text fz="sm" fw={600} visibleFrom="sm" maw={140} truncate>
          {name}
        </Text>
        <IconChevronDown size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}
