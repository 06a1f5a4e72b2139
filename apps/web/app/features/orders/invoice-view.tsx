/**
 * The simplified tax invoice: seller with VAT number, customer, lines, price lines and the ZATCA QR;
 * printable. A Saudi tax invoice is in Arabic: the English one shows each label in Arabic beside it.
 */
import { useEffect, useReducer, type ReactNode } from 'react';
import { Box, Button, Divider, Group, Image, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@pool/contracts/core';
import type { StoreInvoice } from '@pool/contracts/orders';
import { formatDateTime, formatMoney, formatNumber } from '../../lib/format.ts';
import { loadSiteTexts } from '../../lib/i18n.ts';
import { addressText, PriceLines } from '../cart/index.ts';
import { methodKey } from './method-key.ts';
import classes from './invoice.module.css';

/** A label in the page's language and, on an English invoice, in Arabic after it. */
function useInvoiceLabel(lang: Lang) {
  const { i18n } = useTranslation();
  // An English page's browser holds the English texts only: the Arabic ones are fetched with the invoice.
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (lang !== 'ar') void loadSiteTexts('ar')?.then(arrived);
  }, [lang]);
  const arabic = i18n.getFixedT('ar');
  return (t: TFunction, key: string, options: Record<string, unknown> = {}): ReactNode =>
    lang === 'ar' || !i18n.exists(key, { lng: 'ar' }) ? (
      t(key, options)
    ) : (
      <>
        {t(key, options)}
        {t('common.inline_separator')}
        <span lang="ar" dir="rtl" data-testid="invoice-arabic-label">
          {arabic(key, options)}
        </span>
      </>
    );
}

export function InvoiceView({ invoice, qr, lang }: { invoice: StoreInvoice; qr: string | null; lang: Lang }) {
  const { t: translate } = useTranslation();
  const label = useInvoiceLabel(lang);
  const t = (key: string, options: Record<string, unknown> = {}) => label(translate, key, options);
  const money = (h: number) => formatMoney(lang, h);
  return (
    <Box className={classes.invoice} data-testid="invoice">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} fz="h3">
              {t('orders.ui_tax_invoice')}
            </Title>
            <Text fz="sm">
              {t('orders.ui_invoice_number')}: <bdi>{invoice.number}</bdi>
            </Text>
            <Text fz="sm">
              {t('orders.ui_invoice_date')}: {formatDateTime(lang, invoice.issued_at)}
            </Text>
          </Stack>
          {qr ? <Image src={qr} alt={translate('orders.ui_qr_alt')} w={140} h={140} data-testid="invoice-qr" /> : null}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap={2}>
            <Text fw={700}>{t('orders.ui_seller')}</Text>
            <Text fz="sm">{invoice.seller_name}</Text>
            <Text fz="sm">
              {t('orders.ui_vat_number')}: <bdi>{invoice.vat_number}</bdi>
            </Text>
            <Text fz="sm">
              {t('orders.ui_commercial_record')}: <bdi>{invoice.commercial_record}</bdi>
            </Text>
            <Text fz="sm">{invoice.seller_address}</Text>
          </Stack>
          <Stack gap={2}>
            <Text fw={700}>{t('orders.ui_customer')}</Text>
            <Text fz="sm">{invoice.customer_name}</Text>
            <Text fz="sm" dir="ltr" ta={lang === 'ar' ? 'right' : 'left'}>
              {invoice.customer_phone}
            </Text>
            {invoice.address ? <Text fz="sm">{addressText(translate, invoice.address)}</Text> : null}
            <Text fz="sm">
              {t('orders.ui_payment_method')}: {translate(methodKey(invoice.payment_method, invoice.prices.total))}
            </Text>
          </Stack>
        </SimpleGrid>
        <Table withTableBorder withColumnBorders verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('orders.ui_product')}</Table.Th>
              <Table.Th>{t('orders.ui_quantity')}</Table.Th>
              <Table.Th>{t('orders.ui_unit_price')}</Table.Th>
              <Table.Th>{t('orders.ui_installation')}</Table.Th>
              <Table.Th>{t('orders.ui_line_total')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.lines.map((l, i) => (
              <Table.Tr key={i}>
                <Table.Td>
                  {l.name}
                  {l.options ? ` (${l.options})` : ''}
                </Table.Td>
                <Table.Td>{formatNumber(lang, l.quantity)}</Table.Td>
                <Table.Td>{money(l.unit_price_with_vat)}</Table.Td>
                <Table.Td>{l.installation_price_with_vat ? money(l.installation_price_with_vat) : '—'}</Table.Td>
                <Table.Td>{money(l.line_total_with_vat)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Divider />
        <Box maw={420} ms="auto" w="100%">
          <PriceLines prices={invoice.prices} label={label} />
        </Box>
        <Text fz="xs" c="gray.7">
          {t('orders.ui_prices_vat_note')}
        </Text>
        <Group justify="flex-end" className={classes.noPrint}>
          <Button
            leftSection={<IconPrinter size={18} aria-hidden />}
            variant="light"
            onClick={() => window.print()}
            data-testid="invoice-print"
          >
            {translate('orders.ui_print')}
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}
