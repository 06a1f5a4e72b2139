import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { st } from './texts.ts';

/**
 * A visit's place as one line (address, then city) in the page's language; "no address" when
 * there is none. Each part keeps its own direction (an Arabic address on an English page, its
 * commas and numbers in place).
 */
export function PlaceLine({ address, city }: { address: string | null; city: string | null }) {
  const { t } = useTranslation();
  const parts = [address, city].filter((p): p is string => !!p);
  if (!parts.length) return <>{t(st('no_address'))}</>;
  return (
    <>
      {parts.map((p, i) => (
        <Fragment key={i}>
          {i ? t(st('address_join')) : null}
          <bdi>{p}</bdi>
        </Fragment>
      ))}
    </>
  );
}
