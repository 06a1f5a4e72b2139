/**
 * The product form's sections (`/admin/products/new` and `/:id`): the basics
 * (names, descriptions, category, brand, gallery), the price with the simple or
 * multi-attribute groups, and the offer (discount, sizes, installation, flags).
 */
import {
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Choices, FeatureChoice } from '../catalogue.server.ts';
import { MomentInput } from '../../dates/index.ts';
import { Gallery, type UploadImage } from './gallery.tsx';
import { GroupsPicker } from './groups.tsx';
import { ltrInput as ltr, type ProductForm as Form, type Values } from './values.ts';

/** Names and descriptions in both languages, category, sub-category, brand and the gallery. */
export function BasicsSection({ form, choices, upload }: { form: Form; choices: Choices; upload: UploadImage }) {
  const { t } = useTranslation();
  const v = form.values;
  const category = choices.categories.find((c) => String(c.id) === v.category_id);
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Title order={2} fz="h4">
          {t('catalogue.ui_section_basics')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('catalogue.ui_name_ar')} withAsterisk {...form.getInputProps('name_ar')} />
          <TextInput label={t('catalogue.ui_name_en')} withAsterisk dir="ltr" {...form.getInputProps('name_en')} />
          <Textarea
            label={t('catalogue.ui_description_ar')}
            withAsterisk
            autosize
            minRows={3}
            {...form.getInputProps('description_ar')}
          />
          <Textarea
            label={t('catalogue.ui_description_en')}
            withAsterisk
            autosize
            minRows={3}
            dir="ltr"
            {...form.getInputProps('description_en')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('catalogue.ui_category')}
            withAsterisk
            searchable
            data={choices.categories.map((c) => ({ value: String(c.id), label: c.name }))}
            {...form.getInputProps('category_id')}
            onChange={(value) => {
              form.setFieldValue('category_id', value);
              form.setFieldValue('sub_category_id', null);
            }}
            data-testid="field-category"
          />
          <Select
            label={t('catalogue.ui_sub_category')}
            searchable
            clearable
            disabled={!category?.sub_categories.length}
            data={(category?.sub_categories ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            {...form.getInputProps('sub_category_id')}
            data-testid="field-sub-category"
          />
          <Select
            label={t('catalogue.ui_brand')}
            searchable
            clearable
            data={choices.brands.map((b) => ({ value: String(b.id), label: b.name }))}
            {...form.getInputProps('brand_id')}
            data-testid="field-brand"
          />
        </SimpleGrid>
        <Gallery
          label={t('catalogue.ui_gallery')}
          images={v.images}
          onChange={(images) => form.setFieldValue('images', images)}
          upload={upload}
          error={form.errors.images}
          testId="gallery"
        />
      </Stack>
    </Paper>
  );
}

/** The product type, price and stock (the groups' defaults for a multi-attribute product), SKU or groups. */
export function PriceSection({
  form,
  features,
  upload,
}: {
  form: Form;
  features: FeatureChoice[];
  upload: UploadImage;
}) {
  const { t } = useTranslation();
  const v = form.values;
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="h4">
            {t('catalogue.ui_section_price')}
          </Title>
          <SegmentedControl
            value={v.type}
            onChange={(type) => form.setFieldValue('type', type as Values['type'])}
            data={[
              { value: 'simple', label: t('catalogue.ui_type_simple') },
              { value: 'multi', label: t('catalogue.ui_type_multi') },
            ]}
            data-testid="field-type"
          />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            label={v.type === 'multi' ? t('catalogue.ui_price_default') : t('catalogue.ui_price_sar')}
            withAsterisk={v.type === 'simple'}
            min={0}
            decimalScale={2}
            styles={ltr}
            {...form.getInputProps('price')}
            data-testid="field-price"
          />
          <NumberInput
            label={v.type === 'multi' ? t('catalogue.ui_stock_default') : t('catalogue.ui_stock')}
            withAsterisk={v.type === 'simple'}
            min={0}
            allowDecimal={false}
            styles={ltr}
            {...form.getInputProps('stock')}
            data-testid="field-stock"
          />
          {v.type === 'simple' ? (
            <TextInput
              label={t('catalogue.ui_sku')}
              placeholder={t('catalogue.ui_sku_auto')}
              styles={ltr}
              {...form.getInputProps('sku')}
            />
          ) : null}
        </SimpleGrid>
        {v.type === 'multi' ? <GroupsPicker form={form} features={features} upload={upload} /> : null}
      </Stack>
    </Paper>
  );
}

/** The discount, sizes, installation and the available / active switches. */
export function OfferSection({ form }: { form: Form }) {
  const { t } = useTranslation();
  const v = form.values;
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Title order={2} fz="h4">
          {t('catalogue.ui_section_offer')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('catalogue.ui_discount_type')}
            allowDeselect={false}
            data={[
              { value: 'none', label: t('catalogue.ui_discount_none') },
              { value: 'ratio', label: t('catalogue.ui_discount_ratio') },
              { value: 'number', label: t('catalogue.ui_discount_number') },
            ]}
            {...form.getInputProps('discount_type')}
            data-testid="field-discount-type"
          />
          <NumberInput
            label={v.discount_type === 'ratio' ? t('catalogue.ui_discount_percent') : t('catalogue.ui_discount_sar')}
            disabled={v.discount_type === 'none'}
            min={0}
            decimalScale={v.discount_type === 'ratio' ? 0 : 2}
            styles={ltr}
            {...form.getInputProps('discount_value')}
            data-testid="field-discount-value"
          />
          <MomentInput
            lang="ar"
            label={t('catalogue.ui_discount_expiry')}
            defaultTime="23:59"
            description={t('catalogue.ui_discount_expiry_hint')}
            disabled={v.discount_type === 'none'}
            {...form.getInputProps('discount_expires_at')}
            testId="field-discount-expiry"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TagsInput
            label={t('catalogue.ui_sizes')}
            description={t('catalogue.ui_sizes_hint')}
            maxTags={20}
            {...form.getInputProps('sizes')}
          />
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <Switch
              label={t('catalogue.ui_installation_offered')}
              mb={8}
              {...form.getInputProps('installation', { type: 'checkbox' })}
            />
            <NumberInput
              label={t('catalogue.ui_installation_price')}
              disabled={!v.installation}
              min={0}
              decimalScale={2}
              styles={ltr}
              style={{ flex: 1 }}
              {...form.getInputProps('installation_price')}
            />
          </Group>
        </SimpleGrid>
        <Group gap="xl">
          <Switch label={t('catalogue.ui_available')} {...form.getInputProps('is_available', { type: 'checkbox' })} />
          <Switch label={t('catalogue.ui_active')} {...form.getInputProps('is_active', { type: 'checkbox' })} />
        </Group>
      </Stack>
    </Paper>
  );
}
