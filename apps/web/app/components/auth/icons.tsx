import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useLang } from '../../lib/use-lang.ts';

/** Arrows that follow the reading direction: "forward" points left in Arabic. */
export function ForwardIcon({ size = 18 }: { size?: number }) {
  const { lang } = useLang();
  const Icon = lang === 'ar' ? IconArrowLeft : IconArrowRight;
  return <Icon size={size} aria-hidden />;
}

export function BackIcon({ size = 18 }: { size?: number }) {
  const { lang } = useLang();
  const Icon = lang === 'ar' ? IconArrowRight : IconArrowLeft;
  return <Icon size={size} aria-hidden />;
}
