/** Where a service order takes place, as the customer chose it: the saved address, the short code or the map pin (with its city), and a link to the map. */
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconMap2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MaintenanceOrderDetail } from '@pool/contracts/maintenance';

type Location = MaintenanceOrderDetail['request']['location'];

export function LocationView({ location: loc, city }: { location: Location; city: string | null }) {
  const { t } = useTranslation();
  const mapUrl =
    loc.lat !== null && loc.lng !== null
      ? `https://www.google.com/maps/search/?api=1&query=${loc.lat},${loc.lng}`
      : null;
  return (
    <Stack gap={2}>
      <Text fz="sm" c="gray.7">
        {t('maintenance-site.where')}
      </Text>
      <Text data-testid="request-location">
        {/* The saved address keeps its own direction (Arabic words on the English page). */}
        {loc.type === 'address' && loc.text ? (
          <bdi>{loc.text}</bdi>
        ) : loc.type === 'short_code' ? (
          t('maintenance-site.short_code_is', { code: loc.short_code })
        ) : (
          t('maintenance-site.pin_at', { lat: loc.lat, lon: loc.lng })
        )}
        {city && loc.type !== 'address' ? ` · ${city}` : ''}
      </Text>
      {mapUrl ? (
        <Anchor href={mapUrl} target="_blank" rel="noreferrer" fz="sm">
          <Group gap={4} component="span">
            <IconMap2 size={16} aria-hidden />
            {t('maintenance-site.open_map')}
          </Group>
        </Anchor>
      ) : null}
    </Stack>
  );
}
