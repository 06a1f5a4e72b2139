/**
 * `/admin/products/new` and `/admin/products/:id`: the product form, then its
 * review (the API's preview of exactly what will be saved), then the save
 * (spec: create, confirm create, edit, confirm edit).
 */
import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowRight, IconChecks, IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { data, Link, useNavigate } from 'react-router';
import { productBody, type AdminProduct, type ProductPreview } from '@pool/contracts';
import { issuesToFields } from '@pool/i18n';
import type { Route } from './+types/product';
import { apiFetch } from '../../../lib/api.client.ts';
import { adminApi } from '../../../features/admin/admin-api.server.ts';
import { AdminPage, useAdminAnswer } from '../../../features/admin/admin-page.tsx';
import { catalogueChoices, featureChoices } from '../../../features/admin/catalogue.server.ts';
import { adminMeta } from '../../../features/admin/meta.ts';
import { Gallery } from '../../../features/admin/product/gallery.tsx';
import { GroupsPicker } from '../../../features/admin/product/groups.tsx';
import { Review } from '../../../features/admin/product/review.tsx';
import { bodyOf, emptyValues, formErrors, valuesOf, type Values } from '../../../features/admin/product/values.ts';
import { RouteErrorPage } from '../../../components/error-page.tsx';

export const meta: Route.MetaFunction = (args) =>
  adminMeta(args, args.params.id === 'new' ? 'catalogue.ui_product_add' : 'catalogue.ui_product_edit');

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = params.id === 'new' ? null : Number(params.id);
  if (id !== null && !(Number.isInteger(id) && id > 0)) throw data(null, { status: 404 });
  const api = await adminApi(context, request);
  const [choices, features, product] = await Promise.all([
    catalogueChoices(api),
    featureChoices(api),
    id ? api.read<AdminProduct>(`/products/${id}`) : null,
  ]);
  return { choices, features, product };
}

export function ErrorBoundary() {
  return <RouteErrorPage />;
}

const ltr = { input: { direction: 'ltr' as const, textAlign: 'right' as const } };

export default function ProductScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const handle = useAdminAnswer();
  const { choices, features, product } = loaderData;
  const id = product?.id ?? null;
  const [step, setStep] = useState(0);
  const [preview, setPreview] = useState<ProductPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: product ? valuesOf(product) : emptyValues(),
    validate: (values) => {
      const result = productBody.safeParse(bodyOf(values));
      return result.success ? {} : formErrors(issuesToFields('ar', result.error.issues as never));
    },
  });
  const v = form.values;
  const category = choices.categories.find((c) => String(c.id) === v.category_id);
  const uploadPath = id ? `/admin/products/${id}/images` : '/admin/products/images';
  const base = id ? `/admin/products/${id}` : '/admin/products';

  /** Shows an answer's field errors on their inputs; those without an input are listed at the top. */
  const showErrors = (fields: Record<string, string>) => {
    const mapped = formErrors(fields);
    form.setErrors(mapped);
    const known = (name: string) =>
      /^(name|description)_(ar|en)$|^(category_id|sub_category_id|brand_id|price|stock|sku|discount_\w+|installation_price|sizes|images|features|groups|main_key)$|^(features|groups)\.\d+\.\w+$/.test(
        name,
      );
    setOtherErrors(
      Object.entries(mapped)
        .filter(([k]) => !known(k))
        .map(([, m]) => m),
    );
  };

  const review = async () => {
    if (form.validate().hasErrors) {
      setOtherErrors([]);
      return;
    }
    setBusy(true);
    try {
      const answer = await apiFetch<ProductPreview>('ar', 'POST', `${base}/preview`, bodyOf(form.getValues()) as never);
      handle(answer, {
        successToast: false,
        onSuccess: (p) => {
          setPreview(p);
          setOtherErrors([]);
          setStep(1);
          window.scrollTo({ top: 0 });
        },
        onError: (a) => showErrors((a.status === 422 ? a.data : {}) as Record<string, string>),
      });
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    setBusy(true);
    try {
      const answer = await apiFetch<AdminProduct>('ar', 'POST', base, bodyOf(form.getValues()) as never);
      handle(answer, {
        onSuccess: () => navigate('/admin/products'),
        onError: (a) => {
          showErrors((a.status === 422 ? a.data : {}) as Record<string, string>);
          setStep(0);
        },
      });
    } finally {
      setBusy(false);
    }
  };

  const title = id ? t('catalogue.ui_product_edit') : t('catalogue.ui_product_add');
  return (
    <AdminPage
      title={title}
      description={product ? product.name_ar : t('catalogue.ui_product_add_about')}
      actions={
        <Button
          component={Link}
          to="/admin/products"
          variant="default"
          leftSection={<IconArrowRight size={18} aria-hidden />}
        >
          {t('catalogue.ui_back_to_products')}
        </Button>
      }
    >
      <Stepper active={step} onStepClick={(s) => s === 0 && setStep(0)} allowNextStepsSelect={false} size="sm">
        <Stepper.Step label={t('catalogue.ui_step_details')} description={t('catalogue.ui_step_details_about')}>
          <form
            noValidate
            data-testid="product-form"
            onSubmit={(e) => {
              e.preventDefault();
              void review();
            }}
          >
            <Stack gap="lg" mt="md">
              {otherErrors.length ? (
                <Alert color="red" variant="light" role="alert">
                  {otherErrors.join(' • ')}
                </Alert>
              ) : null}
              <Paper withBorder radius="lg" p="lg">
                <Stack gap="md">
                  <Title order={2} fz="h4">
                    {t('catalogue.ui_section_basics')}
                  </Title>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput label={t('catalogue.ui_name_ar')} withAsterisk {...form.getInputProps('name_ar')} />
                    <TextInput
                      label={t('catalogue.ui_name_en')}
                      withAsterisk
                      dir="ltr"
                      {...form.getInputProps('name_en')}
                    />
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
                    uploadPath={uploadPath}
                    error={form.errors.images}
                    testId="gallery"
                  />
                </Stack>
              </Paper>

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
                  {v.type === 'multi' ? <GroupsPicker form={form} features={features} uploadPath={uploadPath} /> : null}
                </Stack>
              </Paper>

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
                      label={
                        v.discount_type === 'ratio'
                          ? t('catalogue.ui_discount_percent')
                          : t('catalogue.ui_discount_sar')
                      }
                      disabled={v.discount_type === 'none'}
                      min={0}
                      decimalScale={v.discount_type === 'ratio' ? 0 : 2}
                      styles={ltr}
                      {...form.getInputProps('discount_value')}
                      data-testid="field-discount-value"
                    />
                    <TextInput
                      type="datetime-local"
                      label={t('catalogue.ui_discount_expiry')}
                      description={t('catalogue.ui_discount_expiry_hint')}
                      disabled={v.discount_type === 'none'}
                      styles={ltr}
                      {...form.getInputProps('discount_expires_at')}
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
                    <Switch
                      label={t('catalogue.ui_available')}
                      {...form.getInputProps('is_available', { type: 'checkbox' })}
                    />
                    <Switch
                      label={t('catalogue.ui_active')}
                      {...form.getInputProps('is_active', { type: 'checkbox' })}
                    />
                  </Group>
                </Stack>
              </Paper>
              <Group justify="flex-end">
                <Button
                  type="submit"
                  size="md"
                  loading={busy}
                  leftSection={<IconEye size={18} aria-hidden />}
                  data-testid="product-review-button"
                >
                  {t('catalogue.ui_review')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Stepper.Step>
        <Stepper.Step label={t('catalogue.ui_step_review')} description={t('catalogue.ui_step_review_about')}>
          {preview ? (
            <Stack gap="md" mt="md">
              <Text c="dimmed">{t('catalogue.ui_review_about')}</Text>
              <Review preview={preview} />
              <Group justify="space-between">
                <Button variant="default" onClick={() => setStep(0)} disabled={busy}>
                  {t('catalogue.ui_back_to_edit')}
                </Button>
                <Button
                  size="md"
                  color="teal"
                  loading={busy}
                  onClick={() => void save()}
                  leftSection={<IconChecks size={18} aria-hidden />}
                  data-testid="product-confirm"
                >
                  {id ? t('catalogue.ui_confirm_edit') : t('catalogue.ui_confirm_create')}
                </Button>
              </Group>
            </Stack>
          ) : null}
        </Stepper.Step>
      </Stepper>
    </AdminPage>
  );
}
