/**
 * A map pin with places search (Google Maps JavaScript API), shown only when the server has a maps
 * key. If the script fails to load the picker hides itself and the manual fields stay: it never blocks.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Box, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../lib/use-lang.ts';
import { useRoot } from '../lib/use-root.ts';
import { attachPicker, loadGoogleMaps, type LatLng, type PlaceFields } from './map-picker-maps.ts';

export function MapPicker({
  apiKey,
  value,
  error,
  onPick,
  onPlace,
}: {
  apiKey: string;
  value: LatLng | null;
  error?: React.ReactNode;
  onPick: (p: LatLng) => void;
  onPlace: (fields: PlaceFields) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const { nonce } = useRoot();
  const mapRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [outside, setOutside] = useState(false);
  const hintId = useId();
  // The latest callbacks, so the map is wired once.
  const handlers = useRef({ onPick, onPlace, initial: value });
  handlers.current = { ...handlers.current, onPick, onPlace };

  useEffect(() => {
    let cleanup: (() => void) | undefined;
    let cancelled = false;
    loadGoogleMaps(apiKey, lang, nonce)
      .then((maps) => {
        if (cancelled || !mapRef.current || !inputRef.current) return;
        cleanup = attachPicker(maps, {
          mapEl: mapRef.current,
          inputEl: inputRef.current,
          initial: handlers.current.initial,
          title: t('cart.ui_map_marker'),
          onPick: (p) => {
            setOutside(false);
            handlers.current.onPick(p);
          },
          onOutside: () => setOutside(true),
          onPlace: (f) => handlers.current.onPlace(f),
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
  }, [apiKey, lang]); // eslint-disable-line react-hooks/exhaustive-deps

  if (state === 'failed') return null;
  return (
    <Stack gap={6} data-testid="map-picker" data-state={state}>
      <TextInput
        ref={inputRef}
        label={t('cart.ui_map_search')}
        placeholder={t('cart.ui_map_search_hint')}
        aria-describedby={hintId}
        // Enter picks a suggestion; it must not submit the address form.
        onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
        data-testid="map-search"
      />
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
