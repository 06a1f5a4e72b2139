import { useEffect, useState } from 'react';
import { Group, Select, Text, TextInput, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { Country } from '@pool/contracts/account';
import { DEFAULT_COUNTRY_CODE, DEFAULT_COUNTRY_ISO } from '@pool/contracts/core';
import { toLatinDigits } from '@pool/contracts/core';
import { useLang } from '../../lib/use-lang.ts';
import type { Lang } from '../../lib/lang.ts';

/** Used when the country list could not be loaded: the default country still works. */
const FALLBACK: Country[] = [
  { id: 0, key: DEFAULT_COUNTRY_CODE, iso: DEFAULT_COUNTRY_ISO, name: DEFAULT_COUNTRY_ISO, image: null },
];

/** Styles for an input whose content reads left to right (numbers, e-mail, IBAN), aligned with its label. */
export const ltrInput = (lang: Lang) => ({
  input: { direction: 'ltr' as const, textAlign: lang === 'ar' ? ('right' as const) : ('left' as const) },
});

function Flag({ country }: { country: Country | undefined }) {
  const [broken, setBroken] = useState(false);
  if (!country) return null;
  if (!country.image || broken) {
    return (
      <Text component="span" fz={10} fw={700} c="dimmed" aria-hidden>
        {country.iso}
      </Text>
    );
  }
  return (
    <img
      src={country.image}
      alt=""
      width={22}
      height={16}
      loading="lazy"
      style={{ objectFit: 'cover', borderRadius: 3, boxShadow: '0 0 0 1px rgba(0,0,0,.08)', flex: 'none' }}
      onError={() => setBroken(true)}
    />
  );
}

type PhoneInputProps = {
  value?: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  onFocus?: () => void;
  error?: React.ReactNode;
};

type Props = {
  countries: Country[];
  country: string;
  onCountryChange: (key: string) => void;
  countryError?: React.ReactNode;
  phone: PhoneInputProps;
  /** A verified number (sign-up after check-code): shown, not editable. */
  locked?: boolean;
  autoFocus?: boolean;
  /** While the form is sending. */
  disabled?: boolean;
  description?: React.ReactNode;
  /** The number's label when the page asks for a particular one ("new mobile number"). */
  phoneLabel?: string;
  phoneTestId?: string;
};

/** The value props of `PhoneFields` bound to a form with `phone` and `country_code` fields. */
export const phoneFieldsOf = (form: UseFormReturnType<{ phone: string; country_code: string }>) => ({
  country: form.values.country_code,
  onCountryChange: (v: string) => form.setFieldValue('country_code', v),
  countryError: form.errors.country_code,
  phone: form.getInputProps('phone'),
});

/** The country calling-code picker (flag, +code, searchable by name) beside the national number. */
export function PhoneFields({
  countries,
  country,
  onCountryChange,
  countryError,
  phone,
  locked,
  autoFocus,
  disabled,
  description,
  phoneLabel,
  phoneTestId = 'phone-input',
}: Props) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const list = countries.length ? countries : FALLBACK;
  const byKey = new Map(list.map((c) => [c.key, c]));
  const data: ComboboxItem[] = list.map((c) => ({ value: c.key, label: `+${c.key}` }));
  // Typing into the picker searches afresh instead of appending to the shown "+966".
  const label = `+${country}`;
  const [search, setSearch] = useState(label);
  useEffect(() => setSearch(label), [label]);
  const onSearchChange = (v: string) =>
    setSearch(search === label && v.length > label.length && v.includes(label) ? v.replace(label, '') : v);
  const filter: OptionsFilter = ({ options, search }) => {
    const q = search.trim().toLowerCase().replace(/^\+/, '');
    if (!q) return options;
    return options.filter((o) => {
      const c = 'value' in o ? byKey.get(o.value) : undefined;
      return !!c && (c.key.startsWith(q) || c.iso.toLowerCase() === q || c.name.toLowerCase().includes(q));
    });
  };

  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <Select
        label={t('auth.country_label')}
        data={data}
        value={country}
        onChange={(v) => v && onCountryChange(v)}
        allowDeselect={false}
        searchable
        searchValue={search}
        onSearchChange={onSearchChange}
        onDropdownClose={() => setSearch(label)}
        filter={filter}
        nothingFoundMessage={t('auth.country_nothing_found')}
        leftSection={<Flag country={byKey.get(country)} />}
        renderOption={({ option, checked }) => {
          const c = byKey.get(option.value);
          return (
            <Group gap="sm" wrap="nowrap" w="100%" fw={checked ? 700 : undefined}>
              <Flag country={c} />
              <Text fz="sm" style={{ flex: 1 }}>
                {c?.name}
              </Text>
              <Text fz="sm" c="dimmed">
                <bdi dir="ltr">+{option.value}</bdi>
              </Text>
            </Group>
          );
        }}
        comboboxProps={{ width: 260, position: 'bottom-start' }}
        maxDropdownHeight={280}
        error={countryError}
        disabled={locked || disabled}
        styles={ltrInput(lang)}
        w={128}
        style={{ flex: 'none' }}
        data-testid="country-select"
      />
      <TextInput
        label={phoneLabel ?? t('auth.phone_label')}
        description={description}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        withAsterisk={!locked}
        placeholder={t('auth.phone_placeholder')}
        value={phone.value ?? ''}
        onChange={(e) => phone.onChange(toLatinDigits(e.currentTarget.value))}
        onBlur={phone.onBlur}
        onFocus={phone.onFocus}
        error={phone.error}
        readOnly={locked}
        disabled={disabled}
        variant={locked ? 'filled' : 'default'}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        name="phone"
        autoFocus={autoFocus}
        style={{ flex: 1, minWidth: 0 }}
        styles={ltrInput(lang)}
        data-testid={phoneTestId}
      />
    </Group>
  );
}
