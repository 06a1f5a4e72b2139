/**
 * A new delivery address: the Saudi national-address fields, checked with the API's own schema and
 * messages; with a maps key, also a map pin with places search that fills lat/lng and the empty fields
 * (city, district, street, building number, postal code) the chosen place gives.
 */

import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import { addressBody, type AddressItem } from '@pool/contracts/cart';
import { useAnswerHandler, type Answer } from '../../lib/envelope.ts';
import { answerFieldErrors, schemaValidate } from '../../lib/forms.ts';
import { useLang } from '../../lib/use-lang.ts';
import { useRoot } from '../../lib/use-root.ts';
import { MapPicker } from '../../components/map-picker.tsx';
import { cityIdFor, onlyEmpty, type PlaceFields } from '../../components/map-picker-maps.ts';
import { useChangeEffect } from '../../lib/use-change-effect.ts';
import { usePhone } from '../../lib/use-phone.ts';

type City = { id: number; name: string };
type Values = {
  label: string;
  city_id: string;
  district: string;
  street: string;
  building_number: string;
  postal_code: string;
  additional_number: string;
  details: string;
  /** The map pin (empty without one). */
  lat: string;
  lng: string;
};

export function AddressForm({
  cities,
  onSaved,
  onCancel,
}: {
  cities: City[];
  onSaved: (a: AddressItem) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const handle = useAnswerHandler();
  const settings = useRoot().settings;
  const mapsKey = settings?.maps_api_key ?? null;
  const fetcher = useFetcher<Answer<AddressItem>>({ key: 'address-form' });
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      label: '',
      city_id: '',
      district: '',
      street: '',
      building_number: '',
      postal_code: '',
      additional_number: '',
      details: '',
      lat: '',
      lng: '',
    },
    validate: schemaValidate(addressBody, lang),
    validateInputOnBlur: true,
  });
  useChangeEffect(() => {
    handle(fetcher.data, {
      successToast: true,
      onSuccess: (a) => onSaved(a),
      onError: (a) => form.setErrors(answerFieldErrors(a)),
    });
  }, [fetcher.data]);

  // A chosen place fills what the visitor left empty: its city (matched by name to ours) and address parts.
  const fillFromPlace = ({ city, ...fields }: PlaceFields) => {
    const cityId = cityIdFor(city, cities);
    const found: Partial<Values> = { ...fields, ...(cityId ? { city_id: String(cityId) } : {}) };
    form.setValues(onlyEmpty(form.getValues(), found));
  };

  const digits = { inputMode: 'numeric' as const, dir: 'ltr' as const };
  const { lat, lng } = form.values;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        // The dialog is a portal inside the page's own form (the maintenance request): React would carry the
        // submit on to that form, which would check its own fields.
        e.stopPropagation();
        form.onSubmit((values) => void fetcher.submit({ intent: 'address', ...values }, { method: 'post' }))(e);
      }}
      data-testid="address-form"
    >
      <Stack gap="sm">
        <TextInput
          label={t('cart.ui_address_label')}
          placeholder={t('cart.ui_address_label_hint')}
          maxLength={60}
          {...form.getInputProps('label')}
        />
        <Select
          label={t('cart.ui_city')}
          data={cities.map((c) => ({ value: String(c.id), label: c.name }))}
          withAsterisk
          searchable
          nothingFoundMessage={t('common.no_data')}
          {...form.getInputProps('city_id')}
          data-testid="address-city"
        />
        {mapsKey && (
          <MapPicker
            apiKey={mapsKey}
            mapId={settings?.maps_map_id ?? 'DEMO_MAP_ID'}
            value={lat && lng ? { lat: Number(lat), lng: Number(lng) } : null}
            error={form.errors.lat ?? form.errors.lng}
            onPick={(p) => form.setValues({ lat: String(p.lat), lng: String(p.lng) })}
            onPlace={fillFromPlace}
          />
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('cart.ui_district')}
            withAsterisk
            maxLength={100}
            {...form.getInputProps('district')}
            data-testid="address-district"
          />
          <TextInput
            label={t('cart.ui_street')}
            withAsterisk
            maxLength={150}
            {...form.getInputProps('street')}
            data-testid="address-street"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <TextInput
            label={t('cart.ui_building_number')}
            description={t('cart.ui_digits', { count: 4 })}
            withAsterisk
            maxLength={4}
            {...digits}
            {...form.getInputProps('building_number')}
            data-testid="address-building"
          />
          <TextInput
            label={t('cart.ui_postal_code')}
            description={t('cart.ui_digits', { count: 5 })}
            withAsterisk
            maxLength={5}
            {...digits}
            {...form.getInputProps('postal_code')}
            data-testid="address-postal"
          />
          <TextInput
            label={t('cart.ui_additional_number')}
            description={t('cart.ui_digits', { count: 4 })}
            maxLength={4}
            {...digits}
            {...form.getInputProps('additional_number')}
          />
        </SimpleGrid>
        <Textarea
          label={t('cart.ui_address_details')}
          autosize
          minRows={2}
          maxLength={500}
          {...form.getInputProps('details')}
        />
        {/* Kept in sight at the dialog's bottom while its long form scrolls (below the fold on a phone). */}
        <Group
          justify="flex-end"
          gap="sm"
          py="sm"
          bg="var(--mantine-color-body)"
          style={{ position: 'sticky', bottom: 0, zIndex: 2, borderTop: '1px solid var(--mantine-color-gray-3)' }}
          data-testid="address-buttons"
        >
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={fetcher.state !== 'idle'} data-testid="address-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export type AddressDialogProps = {
  opened: boolean;
  title: string;
  cities: City[];
  onClose: () => void;
  onSaved: (a: AddressItem) => void;
};

/** The new-address form in a dialog: closes and hands over the saved address (`address-modal.tsx` loads it). */
export function AddressDialog({ opened, title, cities, onClose, onSaved }: AddressDialogProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      centered
      // The whole screen on a phone: a centred card left little room for the map and the fields.
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <AddressForm
        cities={cities}
        onCancel={onClose}
        onSaved={(a) => {
          onClose();
          onSaved(a);
        }}
      />
    </Modal>
  );
}
