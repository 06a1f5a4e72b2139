/**
 * The customer's request on the dashboard's order page: problem, place, pictures, visit time and location (with a map
 * link); its fields, location and picture grid serve the other service kinds' pages too.
 */
import { Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ServiceOrderDetail } from '@pool/contracts/maintenance';
import { formatDateTime } from '../../../lib/format.ts';
import { StoredImage } from '../../../components/stored-image.tsx';
import { Section } from '../../orders/index.ts';
import classes from './service-orders.module.css';
import { Ltr } from '../../../components/ltr.tsx';

/** A map search of a point, opened in a new tab (Google Maps on the web, the maps app on a phone). */
export const mapLink = (lat: number, lng: number) => `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`;

export function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text fz="sm" c="gray.7" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** `withProblem` false: a package's visit, whose request holds no problem or place of its own. */
export function RequestSection({
  request,
  withProblem = true,
}: {
  request: ServiceOrderDetail['request'];
  withProblem?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t('operations.request')}>
      {withProblem ? (
        <>
          <Field label={t('operations.problem')}>
            <Text dir="auto" ta="start" style={{ whiteSpace: 'pre-wrap' }} data-testid="service-problem">
              {request.problem}
            </Text>
          </Field>
          <Field label={t('operations.place')}>
            <Text dir="auto" ta="start" style={{ whiteSpace: 'pre-wrap' }}>
              {request.place}
            </Text>
          </Field>
        </>
      ) : null}
      {request.images.length > 0 ? (
        <Field label={t('operations.images')}>
          <PictureGrid images={request.images} alt={(n) => t('operations.image_alt', { n })} />
        </Field>
      ) : null}
      <Field label={t('operations.scheduled')}>
        <Text fw={700} data-testid="service-scheduled">
          {formatDateTime('ar', request.scheduled_at)}
        </Text>
      </Field>
      <LocationField city={request.city} location={request.location} />
    </Section>
  );
}

/** Where the work is: the city, the address in words or its short code, and a map link (or that there is no pin). */
export function LocationField({
  city,
  location,
}: {
  city: string | null;
  location: ServiceOrderDetail['request']['location'];
}) {
  const { t } = useTranslation();
  return (
    <Field label={t('operations.location')}>
      {city ? <Text>{city}</Text> : null}
      {location.text ? (
        <Text fz="sm" dir="auto" ta="start">
          {location.text}
        </Text>
      ) : null}
      {location.short_code ? (
        <Text fz="sm">
          {t('operations.short_code')}: <Ltr>{location.short_code}</Ltr>
        </Text>
      ) : null}
      {location.lat !== null && location.lng !== null ? (
        <Anchor href={mapLink(location.lat, location.lng)} target="_blank" rel="noopener" fz="sm">
          <Group gap={4} component="span">
            {t('operations.open_map')}
            <IconExternalLink size={14} aria-hidden />
          </Group>
        </Anchor>
      ) : (
        <Text fz="sm" c="gray.7">
          {t('operations.no_location')}
        </Text>
      )}
    </Field>
  );
}

/** Pictures in a grid of thumbnails, each opening the full picture in a new tab; `alt(n)` names the n-th (from 1). */
export function PictureGrid({ images, alt }: { images: readonly string[]; alt: (n: number) => string }) {
  return (
    <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs">
      {images.map((src, i) => (
        <Anchor key={src} href={src} target="_blank" rel="noopener">
          <StoredImage src={src} alt={alt(i + 1)} width={160} height={120} sizes="160px" className={classes.thumb} />
        </Anchor>
      ))}
    </SimpleGrid>
  );
}
