import { useCallback, useEffect, useRef, useState } from 'react';
import { ActionIcon, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Home } from '@pool/contracts/content';
import { StoredImage } from '../../components/stored-image.tsx';
import { useLang } from '../../lib/use-lang.ts';
import classes from './home.module.css';

type Banner = Home['banners'][number];

const AUTOPLAY_MS = 6000;
/** A banner spans the page's container (Mantine `xl`, 1320 px, less its padding). */
const BANNER_SIZES = '(min-width: 1320px) 1290px, 100vw';

function SlideBody({ banner, first }: { banner: Banner; first: boolean }) {
  return (
    <>
      <StoredImage
        src={banner.image}
        alt=""
        width={1200}
        height={480}
        sizes={BANNER_SIZES}
        priority={first}
        className={classes.slideImage}
        frameClassName={classes.picture}
      />
      <div className={classes.caption}>
        <Text component="p" fw={800} fz={{ base: 'lg', sm: 32 }} lh={1.35} maw={720} style={{ textWrap: 'balance' }}>
          {banner.title}
        </Text>
      </div>
    </>
  );
}

/**
 * The home page's ad banners: a scroll-snap carousel that also works by swipe
 * and keyboard, rotates every 6 s unless paused, hovered, focused or the
 * visitor prefers reduced motion (WCAG 2.2.2 pause control).
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const rtl = lang === 'ar';
  const track = useRef<HTMLDivElement>(null);
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [held, setHeld] = useState(false);
  const many = banners.length > 1;

  const goTo = useCallback(
    (i: number) => {
      const el = track.current;
      if (!el) return;
      const next = (i + banners.length) % banners.length;
      // In RTL the scroll position runs from 0 towards negative values.
      el.scrollTo({ left: (rtl ? -1 : 1) * next * el.clientWidth, behavior: reducedMotion ? 'auto' : 'smooth' });
    },
    [banners.length, rtl, reducedMotion],
  );

  useEffect(() => {
    if (!many || !playing || held || reducedMotion) return;
    const timer = setTimeout(() => goTo(index + 1), AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [many, playing, held, reducedMotion, index, goTo]);

  if (banners.length === 0) return null;

  const onScroll = () => {
    const el = track.current;
    if (el && el.clientWidth)
      setIndex(Math.min(banners.length - 1, Math.round(Math.abs(el.scrollLeft) / el.clientWidth)));
  };
  const PrevIcon = rtl ? IconChevronRight : IconChevronLeft;
  const NextIcon = rtl ? IconChevronLeft : IconChevronRight;

  return (
    <Box
      component="section"
      aria-roledescription={t('pages.banners_role')}
      aria-label={t('pages.banners_label')}
      pos="relative"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHeld(false);
      }}
      data-testid="banners"
    >
      <Box pos="relative">
        <div ref={track} className={classes.track} onScroll={onScroll}>
          {banners.map((banner, i) => {
            const body = <SlideBody banner={banner} first={i === 0} />;
            const link = banner.link;
            return (
              <div
                key={banner.id}
                className={classes.slide}
                role="group"
                aria-roledescription={t('pages.banner_role')}
                aria-label={t('pages.banner_slide', { n: i + 1, total: banners.length })}
              >
                {!link ? (
                  body
                ) : link.startsWith('/') ? (
                  <Link to={to(link)} className={classes.slideLink}>
                    {body}
                  </Link>
                ) : (
                  <a href={link} className={classes.slideLink} target="_blank" rel="noopener noreferrer">
                    {body}
                  </a>
                )}
              </div>
            );
          })}
        </div>
        {many && (
          <>
            <ActionIcon
              className={`${classes.control} ${classes.prev}`}
              visibleFrom="sm"
              variant="white"
              color="dark"
              radius="xl"
              size="lg"
              onClick={() => goTo(index - 1)}
              aria-label={t('pages.banner_prev')}
            >
              <PrevIcon size={20} aria-hidden />
            </ActionIcon>
            <ActionIcon
              className={`${classes.control} ${classes.next}`}
              visibleFrom="sm"
              variant="white"
              color="dark"
              radius="xl"
              size="lg"
              onClick={() => goTo(index + 1)}
              aria-label={t('pages.banner_next')}
            >
              <NextIcon size={20} aria-hidden />
            </ActionIcon>
          </>
        )}
      </Box>
      {many && (
        <Group justify="center" gap={4} mt="xs">
          {banners.map((b, i) => (
            <UnstyledButton
              key={b.id}
              className={classes.dot}
              aria-current={i === index}
              aria-label={t('pages.banner_goto', { n: i + 1 })}
              onClick={() => goTo(i)}
            />
          ))}
          {!reducedMotion && (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              ms="xs"
              onClick={() => setPlaying((p) => !p)}
              aria-label={playing ? t('pages.banner_pause') : t('pages.banner_play')}
            >
              {playing ? <IconPlayerPause size={14} aria-hidden /> : <IconPlayerPlay size={14} aria-hidden />}
            </ActionIcon>
          )}
        </Group>
      )}
    </Box>
  );
}
