import { Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The header's navigation drawer (phones and tablets): loaded the first time the burger opens it (header.tsx). */
export default function NavDrawer({
  opened,
  onClose,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer opened={opened} onClose={onClose} title={t('nav.menu')} hiddenFrom="lg" position="right" size="xs">
      {children}
    </Drawer>
  );
}
