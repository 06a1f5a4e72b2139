/**
 * The open service orders on a map, their markers clustered as the spec says (section 9: grid
 * size 60, minimum cluster size 2) by @googlemaps/markerclusterer's grid algorithm, loaded only
 * when the site has a Google Maps key. Without a key, or when the map fails to load, the same pins
 * are a table with a map link each and a note that the map needs a key. With no pin, a note says why:
 * no open order matches the filters, or how many do and that none of them has a pin; with some pins,
 * a note counts the open orders the map leaves out for want of one.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatNumber } from '../../../lib/format.ts';
import { useRoot } from '../../../lib/use-root.ts';
import { mapLink } from './request-section.tsx';
import { drawMap, type MapOrder, type Pin } from './orders-map-draw.ts';
import { ServiceStatusBadge } from './status.tsx';
import classes from './service-orders.module.css';

export function OpenOrdersMap({
  orders,
  unpinned,
}: {
  orders: MapOrder[];
  /** How many open orders the filters keep have no pin (a short code, an address without a point). */
  unpinned: number;
}) {
  const { t } = useTranslation();
  const { settings, nonce } = useRoot();
  const navigate = useNavigate();
  const key = settings?.maps_api_key ?? null;
  const mapId = settings?.maps_map_id ?? null;
  const pins = orders.filter((o): o is Pin => o.lat !== null && o.lng !== null);
  const ref = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const useMap = Boolean(key && mapId) && !failed;
  const pinsKey = pins.map((p) => p.id).join(',');
  const counted = { count: unpinned, value: formatNumber('ar', unpinned) };
  // Why the map is empty, or which open orders it leaves out.
  const pinNote =
    pins.length === 0
      ? { testId: 'map-no-pins', text: t('admin.map_no_pin', counted) }
      : unpinned
        ? { testId: 'map-more-unpinned', text: t('admin.map_more_unpinned', counted) }
        : null;

  useEffect(() => {
    if (!useMap || !ref.current) return;
    let cleanup: (() => void) | undefined;
    let cancelled = false;
    drawMap(
      ref.current,
      pins,
      { key: key!, mapId: mapId!, nonce },
      (id) => void navigate(`/admin/service-orders/${id}`),
    )
      .then((c) => (cancelled ? c() : (cleanup = c)))
      .catch((e: unknown) => {
        console.error('service orders map:', e);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      cleanup?.();
    };
  }, [useMap, pinsKey]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Paper withBorder radius="lg" p="md" data-testid="service-orders-map">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('operations.map')}
        </Title>
        <Text fz="sm" c="gray.7">
          {t('operations.map_intro')}
        </Text>
        {pinNote ? (
          <Alert
            color={unpinned ? 'yellow' : 'gray'}
            icon={<IconMapPinOff size={18} aria-hidden />}
            data-testid={pinNote.testId}
          >
            <Text fz="sm" c="dark.7">
              {pinNote.text}
            </Text>
            {unpinned ? (
              <Text fz="sm" c="dark.7" mt={4}>
                {t('admin.map_no_pin_reason')}
              </Text>
            ) : null}
          </Alert>
        ) : null}
        {pins.length === 0 ? null : useMap ? (
          <div ref={ref} className={classes.map} role="region" aria-label={t('operations.map_label')} />
        ) : (
          <>
            <Alert color="yellow" icon={<IconMapPinOff size={18} aria-hidden />} data-testid="map-needs-key">
              <Text fz="sm" c="dark.7">
                {t('operations.map_needs_key')}
              </Text>
            </Alert>
            <Table.ScrollContainer minWidth={520}>
              <Table verticalSpacing="xs" data-testid="map-pins">
                <caption className="visually-hidden">{t('operations.map_pins')}</caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('operations.col_number')}</Table.Th>
                    <Table.Th scope="col">{t('operations.col_city')}</Table.Th>
                    <Table.Th scope="col">{t('operations.col_state')}</Table.Th>
                    <Table.Th scope="col">{t('operations.col_location')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {pins.map((p) => (
                    <Table.Tr key={p.id} data-testid="map-pin">
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={`/admin/service-orders/${p.id}`}
                          dir="ltr"
                          fw={600}
                          style={{ whiteSpace: 'nowrap' }}
                        >
                          {p.number}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{p.city ?? '—'}</Table.Td>
                      <Table.Td>
                        <ServiceStatusBadge status={p.status} size="sm" />
                      </Table.Td>
                      <Table.Td>
                        <Anchor href={mapLink(p.lat, p.lng)} target="_blank" rel="noopener" dir="ltr" fz="sm">
                          {`${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}`}
                        </Anchor>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
    </Paper>
  );
}
