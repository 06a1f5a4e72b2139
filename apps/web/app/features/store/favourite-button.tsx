import { ActionIcon, Button } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NotRegisteredDialog } from '../../components/auth-guard.tsx';
import { useFavourite } from './actions.ts';

/**
 * The favourite toggle (a pressed/not pressed button): an icon on cards, a
 * labelled button on the product page. Visitors get the sign-in dialog.
 */
export function FavouriteButton({
  productId,
  name,
  initial,
  variant = 'icon',
  onChange,
}: {
  productId: number;
  name: string;
  initial: boolean;
  variant?: 'icon' | 'button';
  onChange?: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const fav = useFavourite(productId, initial, onChange);
  const Icon = fav.on ? IconHeartFilled : IconHeart;
  const dialog = <NotRegisteredDialog opened={fav.askLogin} onCancel={fav.closeAskLogin} />;
  if (variant === 'button') {
    return (
      <>
        <Button
          variant={fav.on ? 'light' : 'default'}
          color={fav.on ? 'red.8' : 'gray'}
          size="md"
          leftSection={<Icon size={20} aria-hidden />}
          onClick={fav.toggle}
          aria-pressed={fav.on}
          aria-busy={fav.busy}
          data-testid="favourite-toggle"
        >
          {fav.on ? t('store.in_favourites') : t('store.add_favourite')}
        </Button>
        {dialog}
      </>
    );
  }
  return (
    <>
      <ActionIcon
        variant="white"
        color={fav.on ? 'red.8' : 'gray.8'}
        size="lg"
        radius="xl"
        onClick={fav.toggle}
        aria-pressed={fav.on}
        aria-busy={fav.busy}
        aria-label={t('store.favourite_of', { name })}
        data-testid="favourite-toggle"
        style={{ boxShadow: 'var(--mantine-shadow-xs)' }}
      >
        <Icon size={20} aria-hidden />
      </ActionIcon>
      {dialog}
    </>
  );
}
