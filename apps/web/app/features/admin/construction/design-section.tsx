/**
 * A construction order's request on the dashboard's order page: the design as the customer sees it
 * (snapshot, sizes, area and volume, design type, finish colour, extras), the estimate shown when
 * it was requested, the customer's notes and pictures, and where (with a map link); and the
 * stages the engineer posted, each with its photos.
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConstructionAdminDetail } from '@pool/contracts/construction-admin';
import { formatRiyals } from '../../../lib/format.ts';
import { DesignSummary, StagesView } from '../../construction/index.ts';
import { Section } from '../../orders/index.ts';
import { Field, LocationField, PictureGrid } from '../service-orders/request-section.tsx';

export function DesignSection({ order }: { order: ConstructionAdminDetail }) {
  const { t } = useTranslation();
  return (
    <Section title={t('construction-admin.design')}>
      <DesignSummary design={order.design} />
      <Field label={t('construction-admin.estimate')}>
        <Text fw={700} data-testid="construction-estimate">
          {t('construction-admin.estimate_range', {
            low: formatRiyals('ar', order.estimate.low),
            high: formatRiyals('ar', order.estimate.high),
          })}
        </Text>
      </Field>
      {order.notes ? (
        <Field label={t('construction-admin.notes')}>
          <Text dir="auto" ta="start" style={{ whiteSpace: 'pre-wrap' }} data-testid="construction-notes">
            {order.notes}
          </Text>
        </Field>
      ) : null}
      {order.images.length > 0 ? (
        <Field label={t('construction-admin.images')}>
          <PictureGrid images={order.images} alt={(n) => t('construction-admin.image_alt', { n })} />
        </Field>
      ) : null}
      <LocationField city={order.city} location={order.location} />
    </Section>
  );
}

/** The engineer's stages with their notes and photos (the customer's view of them). */
export function StagesSection({ stages }: { stages: ConstructionAdminDetail['stages'] }) {
  const { t } = useTranslation();
  return (
    <Section title={t('construction-admin.stages')}>
      <StagesView stages={stages} />
    </Section>
  );
}
