/**
 * A multi-attribute product's features and options, and the groups made of
 * them: each with its own price, stock, SKU and pictures; one is the main
 * display product.
 */
import {
  ActionIcon,
  Alert,
  Button,
  Chip,
  Group,
  NumberInput,
  Paper,
  Radio,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconInfoCircle, IconPlus, IconRefresh, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_MAX_FEATURES } from '@pool/contracts/catalogue';
import type { FeatureChoice } from '../catalogue.server.ts';
import { Gallery, type UploadImage } from './gallery.tsx';
import { combine, ltrInput as ltr, type ProductForm as Form } from './values.ts';

export function GroupsPicker({
  form,
  features,
  upload,
}: {
  form: Form;
  features: FeatureChoice[];
  upload: UploadImage;
}) {
  const { t } = useTranslation();
  const v = form.getValues();
  const byId = new Map(features.map((f) => [String(f.id), f]));
  const optionName = new Map(features.flatMap((f) => f.options.map((o) => [o.id, o.name_ar] as const)));
  const used = new Set(v.features.map((f) => f.feature_id));

  const regenerate = () => {
    const groups = combine(form.getValues());
    form.setFieldValue('groups', groups);
    if (!groups.some((g) => g.key === form.getValues().main_key)) form.setFieldValue('main_key', groups[0]?.key ?? '');
  };

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={700}>{t('catalogue.ui_attributes')}</Text>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} aria-hidden />}
              disabled={v.features.length >= PRODUCT_MAX_FEATURES}
              onClick={() => form.insertListItem('features', { feature_id: '', option_ids: [] })}
              data-testid="attribute-add"
            >
              {t('catalogue.ui_attribute_add')}
            </Button>
          </Group>
          {form.errors.features ? (
            <Text c="red.8" fz="sm" role="alert">
              {form.errors.features}
            </Text>
          ) : null}
          {v.features.map((f, i) => {
            const feature = byId.get(f.feature_id);
            return (
              <Paper key={i} radius="md" p="sm" bg="gray.0" data-testid="attribute-row">
                <Group align="flex-start" gap="sm" wrap="nowrap">
                  <Select
                    label={t('catalogue.ui_attribute')}
                    data={features.map((x) => ({
                      value: String(x.id),
                      label: x.name_ar,
                      disabled: used.has(String(x.id)) && String(x.id) !== f.feature_id,
                    }))}
                    value={f.feature_id || null}
                    onChange={(value) => {
                      form.setFieldValue(`features.${i}.feature_id`, value ?? '');
                      form.setFieldValue(`features.${i}.option_ids`, []);
                    }}
                    error={form.errors[`features.${i}.feature_id`]}
                    w={200}
                    data-testid={`attribute-${i}`}
                  />
                  <Stack gap={6} style={{ flex: 1 }}>
                    <Text fz="sm" fw={500}>
                      {t('catalogue.ui_options')}
                    </Text>
                    {feature ? (
                      <Chip.Group
                        multiple
                        value={f.option_ids}
                        onChange={(ids) =>
                          form.setFieldValue(
                            `features.${i}.option_ids`,
                            feature.options.map((o) => String(o.id)).filter((id) => ids.includes(id)),
                          )
                        }
                      >
                        <Group gap="xs">
                          {feature.options.map((o) => (
                            <Chip key={o.id} value={String(o.id)} size="sm" data-testid="option-chip">
                              {o.name_ar}
                            </Chip>
                          ))}
                        </Group>
                      </Chip.Group>
                    ) : (
                      <Text fz="sm" c="dimmed">
                        {t('catalogue.ui_attribute_first')}
                      </Text>
                    )}
                    {form.errors[`features.${i}.option_ids`] ? (
                      <Text c="red.8" fz="sm" role="alert">
                        {form.errors[`features.${i}.option_ids`]}
                      </Text>
                    ) : null}
                  </Stack>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={28}
                    onClick={() => form.removeListItem('features', i)}
                    aria-label={t('catalogue.ui_attribute_remove', { n: i + 1 })}
                  >
                    <IconX size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </Paper>
            );
          })}
          <Group>
            <Button
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={regenerate}
              disabled={!v.features.some((f) => f.option_ids.length)}
              data-testid="groups-generate"
            >
              {t('catalogue.ui_groups_generate')}
            </Button>
            <Text fz="xs" c="dimmed">
              {t('catalogue.ui_groups_hint')}
            </Text>
          </Group>
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
        <Table.ScrollContainer minWidth={820}>
          <Table verticalSpacing="xs" data-testid="groups-table">
            <caption className="visually-hidden">{t('catalogue.ui_groups')}</caption>
            <Table.Thead bg="gray.1">
              <Table.Tr>
                <Table.Th scope="col">{t('catalogue.ui_group')}</Table.Th>
                <Table.Th scope="col">{t('catalogue.ui_price_sar')}</Table.Th>
                <Table.Th scope="col">{t('catalogue.ui_stock')}</Table.Th>
                <Table.Th scope="col">{t('catalogue.ui_sku')}</Table.Th>
                <Table.Th scope="col">{t('catalogue.ui_group_images')}</Table.Th>
                <Table.Th scope="col">{t('catalogue.ui_main_display')}</Table.Th>
                <Table.Th scope="col">
                  <span className="visually-hidden">{t('cms.ui_actions')}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {v.groups.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
                      {form.errors.groups ?? t('catalogue.ui_groups_empty')}
                    </Alert>
                  </Table.Td>
                </Table.Tr>
              ) : (
                v.groups.map((g, i) => {
                  const name = g.option_ids.map((id) => optionName.get(id) ?? id).join(' / ');
                  return (
                    <Table.Tr key={g.key} data-testid="group-row">
                      <Table.Td>
                        <Text fw={600} fz="sm">
                          {name}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={t('common.label_of', { label: t('catalogue.ui_price_sar'), name })}
                          min={0}
                          decimalScale={2}
                          w={120}
                          styles={ltr}
                          {...form.getInputProps(`groups.${i}.price`)}
                          data-testid="group-price"
                        />
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={t('common.label_of', { label: t('catalogue.ui_stock'), name })}
                          min={0}
                          allowDecimal={false}
                          w={90}
                          styles={ltr}
                          {...form.getInputProps(`groups.${i}.stock`)}
                          data-testid="group-stock"
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={t('common.label_of', { label: t('catalogue.ui_sku'), name })}
                          placeholder={t('catalogue.ui_sku_auto')}
                          w={190}
                          styles={ltr}
                          {...form.getInputProps(`groups.${i}.sku`)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Gallery
                          compact
                          label={t('common.label_of', { label: t('catalogue.ui_group_images'), name })}
                          images={g.images}
                          onChange={(images) => form.setFieldValue(`groups.${i}.images`, images)}
                          upload={upload}
                          error={form.errors[`groups.${i}.images`]}
                          testId={`group-${i}-gallery`}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Radio
                          aria-label={t('common.label_of', { label: t('catalogue.ui_main_display'), name })}
                          checked={v.main_key === g.key}
                          onChange={() => form.setFieldValue('main_key', g.key)}
                          data-testid="group-main"
                        />
                      </Table.Td>
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          onClick={() => form.removeListItem('groups', i)}
                          aria-label={t('common.label_of', { label: t('catalogue.ui_group_remove'), name })}
                        >
                          <IconX size={18} aria-hidden />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  );
                })
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {form.errors.main_key ? (
        <Text c="red.8" fz="sm" role="alert">
          {form.errors.main_key}
        </Text>
      ) : null}
    </Stack>
  );
}
