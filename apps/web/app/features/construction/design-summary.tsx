/** The design saved with a construction order: its picture, shape, sizes, surface and volume, finish and extras. */
import { ColorSwatch, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConstructionDesignView } from '@pool/contracts/construction';
import { formatNumber } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';

export function DesignSummary({ design }: { design: ConstructionDesignView }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const num = (n: number) => formatNumber(lang, n);
  const rows: Array<[string, React.ReactNode]> = [
    [t('construction-site.design_type'), design.design_type.name],
    [t('construction-site.length'), t('construction-site.metres', { value: num(design.length) })],
    [t('construction-site.width'), t('construction-site.metres', { value: num(design.width) })],
    [t('construction-site.depth'), t('construction-site.metres', { value: num(design.depth) })],
    [t('construction-site.area'), t('construction-site.square_metres', { value: num(design.area_m2) })],
    [t('construction-site.volume'), t('construction-site.cubic_metres', { value: num(design.volume_m3) })],
    [
      t('construction-site.colour'),
      <Group gap={6} component="span" wrap="nowrap" key="colour">
        <ColorSwatch color={design.colour.hex} size={16} aria-hidden />
        {design.colour.name}
      </Group>,
    ],
    [
      t('construction-site.options'),
      design.options.length
        ? new Intl.ListFormat(lang, { type: 'conjunction' }).format(design.options.map((o) => o.name))
        : t('construction-site.options_none'),
    ],
  ];
  return (
    <Stack gap="sm" data-testid="design-summary">
      <Image
        src={design.snapshot}
        alt={t('construction-site.snapshot_alt')}
        radius="md"
        fit="contain"
        mah={320}
        bg="#eaf3f8"
        data-testid="design-snapshot"
      />
      <SimpleGrid cols={2} spacing={6} verticalSpacing={6}>
        {rows.map(([label, value]) => (
          <Stack key={label} gap={0}>
            <Text fz="xs" c="gray.7">
              {label}
            </Text>
            <Text fz="sm" fw={600} component="div">
              {value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
