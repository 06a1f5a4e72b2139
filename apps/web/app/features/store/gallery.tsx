import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Box, Stack } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../lib/use-lang.ts';
import { ProductImage } from './product-image.tsx';
import classes from './store.module.css';

/**
 * The product's pictures: the large one and a row of thumbnails (tabs: arrow
 * keys move between them, mirrored in Arabic; Home and End jump), with
 * previous/next buttons on the large picture.
 */
export function Gallery({ images, name }: { images: string[]; name: string }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const [index, setIndex] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const key = images.join('|');
  useEffect(() => setIndex(0), [key]);
  const count = images.length;
  const current = Math.min(index, Math.max(0, count - 1));

  const select = (i: number, focus = false) => {
    const next = (i + count) % count;
    setIndex(next);
    if (focus) thumbs.current[next]?.focus();
  };
  const onKey = (e: React.KeyboardEvent) => {
    const forward = lang === 'ar' ? 'ArrowLeft' : 'ArrowRight';
    const back = lang === 'ar' ? 'ArrowRight' : 'ArrowLeft';
    const to =
      e.key === forward
        ? current + 1
        : e.key === back
          ? current - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? count - 1
              : null;
    if (to === null) return;
    e.preventDefault();
    select(to, true);
  };
  const Prev = lang === 'ar' ? IconChevronRight : IconChevronLeft;
  const Next = lang === 'ar' ? IconChevronLeft : IconChevronRight;

  return (
    <Stack gap="sm" data-testid="gallery">
      <Box
        pos="relative"
        role={count > 1 ? 'tabpanel' : undefined}
        id="gallery-panel"
        aria-label={count > 1 ? t('store.image_n', { n: current + 1, total: count }) : undefined}
      >
        <ProductImage
          src={images[current] ?? null}
          alt={name}
          sizes="(min-width: 62em) 560px, 100vw"
          size={960}
          priority
          className={classes.mainImage}
        />
        {count > 1 &&
          (
            [
              { step: -1, Icon: Prev, label: t('store.previous_image'), side: { insetInlineStart: 8 } },
              { step: 1, Icon: Next, label: t('store.next_image'), side: { insetInlineEnd: 8 } },
            ] as const
          ).map(({ step, Icon, label, side }) => (
            <ActionIcon
              key={step}
              variant="white"
              radius="xl"
              size="lg"
              pos="absolute"
              top="50%"
              style={{ ...side, marginTop: -17, boxShadow: 'var(--mantine-shadow-sm)' }}
              onClick={() => select(current + step)}
              aria-label={label}
            >
              <Icon size={20} aria-hidden />
            </ActionIcon>
          ))}
      </Box>
      {count > 1 && (
        <div role="tablist" aria-label={t('store.images')} className={classes.thumbs} onKeyDown={onKey}>
          {images.map((src, i) => (
            <button
              key={`${src}-${i}`}
              ref={(el) => {
                thumbs.current[i] = el;
              }}
              type="button"
              role="tab"
              aria-selected={i === current}
              aria-controls="gallery-panel"
              aria-label={t('store.image_n', { n: i + 1, total: count })}
              tabIndex={i === current ? 0 : -1}
              className={classes.thumb}
              onClick={() => select(i)}
              data-testid="gallery-thumb"
            >
              <ProductImage src={src} alt="" sizes="72px" size={72} />
            </button>
          ))}
        </div>
      )}
    </Stack>
  );
}
