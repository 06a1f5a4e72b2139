/**
 * The review step (spec: confirm create / confirm edit): exactly what the save
 * will store, as the API worked it out: names, category, prices with the
 * discount, groups with their SKUs, the main display product and its approval.
 */
import { Alert, Badge, Group, Image, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ProductPreview } from '@pool/contracts/catalogue';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format.ts';
import { badgeText } from '../tint-text.ts';

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

export function Review({ preview }: { preview: ProductPreview }) {
  const { t } = useTranslation();
  const p = preview;
  const discount =
    p.discount_type === 'none'
      ? t('catalogue.ui_discount_none')
      : p.discount_type === 'ratio'
        ? t('catalogue.ui_discount_ratio_value', { value: p.discount_value })
        : formatMoney('ar', p.discount_value);
  return (
    <Stack gap="md" data-testid="product-review">
      {p.main_variant_review ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          data-testid="review-main-change"
        >
          {t('catalogue.ui_review_main_change', { sku: p.requested_main_sku })}
        </Alert>
      ) : null}
      {p.deactivated_variants.length ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t('catalogue.ui_review_deactivated', {
            skus: p.deactivated_variants.map((v) => v.sku).join(t('store.list_separator')),
          })}
        </Alert>
      ) : null}
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              <Title order={2} fz="h3">
                {p.name_ar}
              </Title>
              <Text c="dimmed">
                <bdi dir="ltr">{p.name_en}</bdi>
              </Text>
            </Stack>
            <Group gap="xs">
              <Badge
                variant="light"
                color={p.is_active ? 'teal' : 'gray'}
                c={p.is_active ? badgeText('teal') : 'dark.5'}
              >
                {p.is_active ? t('catalogue.ui_active') : t('catalogue.ui_inactive')}
              </Badge>
              <Badge variant="light" color={p.is_available ? 'cyan' : 'gray'} c={p.is_available ? 'cyan.9' : 'dark.5'}>
                {p.is_available ? t('catalogue.ui_available') : t('catalogue.ui_unavailable')}
              </Badge>
              <Badge variant="outline" color="gray" c="dark.5">
                {p.type === 'multi' ? t('catalogue.ui_type_multi') : t('catalogue.ui_type_simple')}
              </Badge>
            </Group>
          </Group>
          {p.images.length ? (
            <Group gap="sm">
              {p.images.map((url, i) => (
                <Image
                  key={url}
                  src={url}
                  alt={t('catalogue.ui_image_n', { n: i + 1 })}
                  w={88}
                  h={88}
                  radius="md"
                  fit="cover"
                />
              ))}
            </Group>
          ) : null}
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            <Line label={t('catalogue.ui_category')}>{p.category?.name_ar ?? '—'}</Line>
            <Line label={t('catalogue.ui_sub_category')}>{p.sub_category?.name_ar ?? '—'}</Line>
            <Line label={t('catalogue.ui_brand')}>{p.brand?.name_ar ?? '—'}</Line>
            <Line label={t('catalogue.ui_stock')}>{formatNumber('ar', p.stock)}</Line>
            <Line label={t('catalogue.ui_price')}>
              <Text span fw={700} data-testid="review-price">
                {formatMoney('ar', p.discounted_price)}
              </Text>
              {p.discounted_price !== p.price ? (
                <Text span c="dimmed" td="line-through" ms={6}>
                  {formatMoney('ar', p.price)}
                </Text>
              ) : null}
            </Line>
            <Line label={t('catalogue.ui_discount')}>
              {discount}
              {p.discount_expires_at ? (
                <Text fz="xs" c="dimmed">
                  {t('catalogue.ui_discount_until', { date: formatDateTime('ar', p.discount_expires_at) })}
                </Text>
              ) : null}
            </Line>
            <Line label={t('catalogue.ui_installation')}>
              {p.installation_price === null
                ? t('catalogue.ui_no_installation')
                : formatMoney('ar', p.installation_price)}
            </Line>
            <Line label={t('catalogue.ui_sizes')}>
              {p.sizes.length ? p.sizes.join(t('store.list_separator')) : '—'}
            </Line>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Line label={t('catalogue.ui_description_ar')}>{p.description_ar}</Line>
            <Line label={t('catalogue.ui_description_en')}>
              <bdi dir="ltr">{p.description_en}</bdi>
            </Line>
          </SimpleGrid>
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" data-testid="review-groups">
            <caption className="visually-hidden">{t('catalogue.ui_groups')}</caption>
            <Table.Thead bg="gray.1">
              <Table.Tr>
                <Table.Th scope="col">{t('catalogue.ui_group')}</Table.Th>
                <Table.Th scope="col">{t('catalogue.ui_sku')}</Table.Th>
                <Table.Th scope="col">{t('catalogue.ui_price')}</Table.Th>
                <Table.Th scope="col">{t('catalogue.ui_price_after_discount')}</Table.Th>
                <Table.Th scope="col">{t('catalogue.ui_stock')}</Table.Th>
                <Table.Th scope="col">{t('catalogue.ui_group_images')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {p.variants.map((v) => (
                <Table.Tr key={v.sku} data-testid="review-group">
                  <Table.Td>
                    <Group gap="xs">
                      <Text fz="sm" fw={600}>
                        {v.name_ar || p.name_ar}
                      </Text>
                      {v.is_main ? (
                        <Badge size="sm" color="violet" variant="light" c="violet.9">
                          {t('catalogue.ui_main_display')}
                        </Badge>
                      ) : null}
                      {v.id === null ? (
                        <Badge size="sm" color="teal" variant="outline" c="teal.9">
                          {t('catalogue.ui_new_group')}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <bdi dir="ltr">{v.sku}</bdi>
                  </Table.Td>
                  <Table.Td>{formatMoney('ar', v.price)}</Table.Td>
                  <Table.Td>{formatMoney('ar', v.discounted_price)}</Table.Td>
                  <Table.Td>{formatNumber('ar', v.stock)}</Table.Td>
                  <Table.Td>{formatNumber('ar', v.images.length)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
