import { Button, Group } from '@mantine/core';
import { IconNavigation, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { st } from './texts.ts';

/** A visit's two taps: directions in the maps app (when the visit has a place to go to) and a call to the customer. */
export function VisitActions({
  mapUrl,
  phoneLink,
  customerName,
}: {
  mapUrl: string | null | undefined;
  phoneLink: string;
  customerName: string;
}) {
  const { t } = useTranslation();
  return (
    <Group grow mt="md" gap="xs">
      {mapUrl && (
        <Button
          component="a"
          href={mapUrl}
          target="_blank"
          rel="noopener"
          variant="light"
          leftSection={<IconNavigation size={18} aria-hidden />}
          data-testid="navigate"
        >
          {t(st('navigate'))}
        </Button>
      )}
      <Button
        component="a"
        href={phoneLink}
        color="teal.9"
        leftSection={<IconPhone size={18} aria-hidden />}
        aria-label={t(st('call_customer'), { name: customerName })}
        data-testid="call"
      >
        {t(st('call'))}
      </Button>
    </Group>
  );
}
