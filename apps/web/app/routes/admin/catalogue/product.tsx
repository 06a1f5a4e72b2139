/**
 * `/admin/products/new` and `/admin/products/:id`: the product form, then its
 * review (the API's preview of exactly what will be saved), then the save
 * (spec: create, confirm create, edit, confirm edit).
 */
import { useState } from 'react';
import { Alert, Button, Group, Stack, Stepper, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowRight, IconChecks, IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { data, Link, useNavigate } from 'react-router';
import { productBody, type ProductPreview } from '@pool/contracts/catalogue';
import { issuesToFields } from '../../../features/admin/texts.ts';
import type { Route } from './+types/product';
import { browserApi, uploadAdminForm } from '../../../lib/api.client.ts';
import { adminApi, must } from '../../../features/admin/admin-api.server.ts';
import { AdminPage, useAdminAnswer } from '../../../features/admin/admin-page.tsx';
import { catalogueChoices, featureChoices } from '../../../features/admin/catalogue.server.ts';
import { adminMeta } from '../../../features/admin/meta.ts';
import { BasicsSection, OfferSection, PriceSection } from '../../../features/admin/product/form-sections.tsx';
import type { UploadImage } from '../../../features/admin/product/gallery.tsx';
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
    id ? api.GET('/api/admin/products/{id}', { params: { path: { id } } }).then(must) : null,
  ]);
  return { choices, features, product };
}

export function ErrorBoundary() {
  return <RouteErrorPage />;
}

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
  const upload: UploadImage = (image, progress) =>
    id
      ? uploadAdminForm('/api/admin/products/{id}/images', image, progress, { id })
      : uploadAdminForm('/api/admin/products/images', image, progress);
  const api = browserApi('ar');
  const params = { path: { id: id ?? 0 } };

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
      const body = bodyOf(form.getValues());
      const answer = id
        ? await api.POST('/api/admin/products/{id}/preview', { params, body })
        : await api.POST('/api/admin/products/preview', { body });
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
      const body = bodyOf(form.getValues());
      const answer = id
        ? await api.POST('/api/admin/products/{id}', { params, body })
        : await api.POST('/api/admin/products', { body });
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
              <BasicsSection form={form} choices={choices} upload={upload} />
              <PriceSection form={form} features={features} upload={upload} />
              <OfferSection form={form} />
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
