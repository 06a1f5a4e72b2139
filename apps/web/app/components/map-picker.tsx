/**
 * A map pin with places search (Google Maps JavaScript API: a map, a draggable advanced marker and
 * the places search element), shown only when the server has a maps key. If the script fails to load
 * the picker hides itself and the manual fields stay: it never blocks.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Box, Input, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../lib/use-lang.ts';
import { useRoot } from '../lib/use-root.ts';
import { attachPicker, loadMapsLibraries, type LatLng, type PlaceFields } from './map-picker-maps.ts';

export function MapPicker({
  apiKey,
  mapId,
  value,
  error,
  onPick,
  onPlace,
}: {
  apiKey: string;
  mapId: string;
  value: LatLng | null;
  error?: React.ReactNode;
  onPick: (p: LatLng) => void;
  onPlace: (fields: PlaceFields) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const { nonce } = useRoot();
  const mapRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [outside, setOutside] = useState(false);
  const hintId = useId();
  const searchLabelId = useId();
  // The latest callbacks, so the map is wired once.
  const handlers = useRef({ onPick, onPlace, initial: value });
  handlers.current = { ...handlers.current, onPick, onPlace };

  useEffect(() => {
    let cleanup: (() => void) | undefined;
    let cancelled = false;
    loadMapsLibraries({ key: apiKey, lang, nonce })
      .then((libs) => {
        if (cancelled || !mapRef.current || !searchRef.current) return;
        cleanup = attachPicker(libs, {
          mapEl: mapRef.current,
          searchEl: searchRef.current,
          mapId,
          lang,
          initial: handlers.current.initial,
          title: t('cart.ui_map_marker'),
          placeholder: t('cart.ui_map_search_hint'),
          onPick: (p) => {
            setOutside(false);
            handlers.current.onPick(p);
          },
          onOutside: () => setOutside(true),
          onPlace: (f) => handlers.current.onPlace(f),
          // A place whose details fail to load changes nothing; the visitor can pin or type instead.
          onError: (e) => console.error('map picker: place details:', e),
        });
        setState('ready');
      })
      .catch((e: unknown) => {
        // Logged, and the manual form stays: checkout never depends on the map.
        console.error('map picker:', e);
        if (!cancelled) setState('failed');
      });
    // A key refused by Google (referrer, billing) shows Google's own error in the map: hide it.
    window.gm_authFailure = () => {
      console.error('map picker: the Google Maps key was refused');
      setState('failed');
    };
    return () => {
      cancelled = true;
      cleanup?.();
    };
  }, [apiKey, mapId, lang]); // eslint-disable-line react-hooks/exhaustive-deps

  if (state === 'failed') return null;
  return (
    <Stack gap={6} data-testid="map-picker" data-state={state}>
      <Input.Wrapper label={t('cart.ui_map_search')} labelElement="div" labelProps={{ id: searchLabelId }}>
        <Box
          ref={searchRef}
          role="group"
          aria-labelledby={searchLabelId}
          aria-describedby={hintId}
          // Enter picks a suggestion; it must not submit the address form.
          onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
          data-testid="map-search"
        />
      </Input.Wrapper>
      <Box
        ref={mapRef}
        role="application"
        aria-label={t('cart.ui_map_label')}
        aria-describedby={hintId}
        h={260}
        style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
        bg="gray.1"
        data-testid="map-canvas"
      />
      <Text id={hintId} size="xs" c="dimmed">
        {t('cart.ui_map_hint')}
      </Text>
      {value && (
        <Text size="xs" c="dimmed" data-testid="map-pinned">
          {t('cart.ui_map_pinned')}{' '}
          <bdi dir="ltr">
            {value.lat}, {value.lng}
          </bdi>
        </Text>
      )}
      {(outside || error) && (
        <Text size="xs" c="red" role="alert">
          {outside ? t('cart.pin_outside') : error}
        </Text>
      )}
    </Stack>
  );
}
