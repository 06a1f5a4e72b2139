/**
 * Where the technician goes: a saved address (or a new one, added in place),
 * a map pin (only with a maps key; without one the saved-address form is the
 * fallback, as at checkout), or the national address short code with its city.
 */
import { lazy, Suspense, useState } from 'react';
import { Button, Group, Input, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconMapPin, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AddressItem } from '@pool/contracts/cart';
import { AddressModal, AddressRadios } from '../cart/index.ts';
import { MapPicker } from '../../components/map-picker.tsx';
import { useRoot } from '../../lib/use-root.ts';

/** The city is asked only for a pin or a short code: its searchable list comes when either is chosen. */
const CitySelect = lazy(() => import('../../components/lazy-select.tsx'));

export type LocationMode = 'address' | 'pin' | 'short_code';
export type LocationValues = {
  mode: LocationMode;
  address_id: string;
  lat: string;
  lng: string;
  short_code: string;
  city_id: string;
};
type City = { id: number; name: string };
type Errors = Partial<Record<keyof LocationValues, React.ReactNode>>;

/** The request body's fields of a location. */
export const LOCATION_FIELDS = ['address_id', 'lat', 'lng', 'short_code', 'city_id'] as const;

/** A form's first location: the first saved address, if any. */
export const firstLocation = (addresses: AddressItem[]): LocationValues => ({
  mode: 'address',
  address_id: addresses[0] ? String(addresses[0].id) : '',
  lat: '',
  lng: '',
  short_code: '',
  city_id: '',
});

/** A form's errors without the location's (the place changed). */
export function withoutLocationErrors<T extends Record<string, unknown>>(errors: T): T {
  const next = { ...errors };
  for (const k of LOCATION_FIELDS) delete next[k];
  return next;
}

/**
 * The location in its card, as the request forms show it, with the site's maps key when it has one;
 * `onChange` gets the whole new value.
 */
export function LocationCard({
  value,
  onChange,
  ...rest
}: Omit<React.ComponentProps<typeof LocationField>, 'onChange' | 'maps'> & {
  onChange: (next: LocationValues) => void;
}) {
  const settings = useRoot().settings;
  const maps = settings?.maps_api_key
    ? { key: settings.maps_api_key, mapId: settings.maps_map_id ?? 'DEMO_MAP_ID' }
    : null;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-field="address_id">
      <LocationField value={value} onChange={(changes) => onChange({ ...value, ...changes })} maps={maps} {...rest} />
    </Paper>
  );
}

/** The request body's location fields for the chosen way (the others left out). */
export function locationBody(v: LocationValues): Record<string, string> {
  if (v.mode === 'address') return { address_id: v.address_id };
  if (v.mode === 'pin') return { lat: v.lat, lng: v.lng, city_id: v.city_id };
  return { short_code: v.short_code.trim().toUpperCase(), city_id: v.city_id };
}

export function LocationField({
  value,
  onChange,
  addresses,
  cities,
  maps,
  errors,
}: {
  value: LocationValues;
  onChange: (changes: Partial<LocationValues>) => void;
  addresses: AddressItem[];
  cities: City[];
  /** The maps key and map id when the site has them. */
  maps: { key: string; mapId: string } | null;
  errors: Errors;
}) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const modes: LocationMode[] = maps ? ['address', 'pin', 'short_code'] : ['address', 'short_code'];
  const citySelect = (
    <Suspense fallback={null}>
      <CitySelect
        label={t('maintenance-site.city')}
        data={cities.map((c) => ({ value: String(c.id), label: c.name }))}
        value={value.city_id || null}
        onChange={(v) => onChange({ city_id: v ?? '' })}
        withAsterisk
        searchable
        nothingFoundMessage={t('common.no_data')}
        error={errors.city_id}
        data-testid="location-city"
      />
    </Suspense>
  );
  return (
    <Input.Wrapper
      label={t('maintenance-site.location')}
      withAsterisk
      error={errors.address_id}
      data-testid="location-field"
    >
      <Stack gap="sm" mt={6}>
        <SegmentedControl
          fullWidth
          value={value.mode}
          onChange={(v) => onChange({ mode: v as LocationMode })}
          data={modes.map((m) => ({ value: m, label: t(`maintenance-site.location_${m}`) }))}
          data-testid="location-mode"
        />
        {value.mode === 'address' ? (
          <Stack gap="xs">
            {addresses.length ? (
              <AddressRadios
                addresses={addresses}
                value={value.address_id ? Number(value.address_id) : null}
                onChange={(id) => onChange({ address_id: String(id) })}
                label={t('maintenance-site.choose_address')}
                testId="location-address"
              />
            ) : (
              <Text fz="sm" c="gray.7">
                {t('maintenance-site.no_addresses')}
              </Text>
            )}
            <Group>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => setAdding(true)}
                data-testid="location-add-address"
              >
                {t('maintenance-site.add_address')}
              </Button>
            </Group>
          </Stack>
        ) : null}
        {value.mode === 'pin' && maps ? (
          <Stack gap="xs">
            {citySelect}
            <MapPicker
              apiKey={maps.key}
              mapId={maps.mapId}
              value={value.lat && value.lng ? { lat: Number(value.lat), lng: Number(value.lng) } : null}
              error={errors.lat ?? errors.lng}
              onPick={(p) => onChange({ lat: String(p.lat), lng: String(p.lng) })}
              onPlace={() => undefined}
            />
          </Stack>
        ) : null}
        {value.mode === 'short_code' ? (
          <Stack gap="xs">
            <TextInput
              label={t('maintenance-site.short_code')}
              description={t('maintenance-site.short_code_hint')}
              value={value.short_code}
              onChange={(e) => onChange({ short_code: e.currentTarget.value.toUpperCase() })}
              maxLength={8}
              dir="ltr"
              autoCapitalize="characters"
              autoComplete="off"
              leftSection={<IconMapPin size={16} aria-hidden />}
              withAsterisk
              error={errors.short_code}
              data-testid="location-short-code"
            />
            {citySelect}
          </Stack>
        ) : null}
      </Stack>
      <AddressModal
        opened={adding}
        title={t('maintenance-site.add_address')}
        cities={cities}
        onClose={() => setAdding(false)}
        onSaved={(a) => onChange({ address_id: String(a.id) })}
      />
    </Input.Wrapper>
  );
}
