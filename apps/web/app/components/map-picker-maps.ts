/**
 * The map pin's logic, apart from React: the few Google Maps JavaScript API types it uses (declared
 * here, no types package), the dynamic-library-import bootstrap (`google.maps.importLibrary`), wiring
 * the map, a draggable advanced marker and the places search element (Places API (New)), and turning
 * a place's address components into the national-address fields. Tested with a fake `google.maps`
 * in map-picker-maps.test.ts, and in the browser with a fake Maps script (e2e/tests/checkout-map.spec.ts).
 */
import { insideSaudi } from '@pool/contracts/cart';
import { normalizeSearch } from '@pool/contracts/store';
import { toLatinDigits } from '@pool/contracts/core';

export type LatLng = { lat: number; lng: number };

type Listener = { remove(): void };
/** `google.maps.LatLng` has methods; `LatLngAltitude` (an advanced marker's position in newer versions) has numbers. */
type MapsPoint = { lat: number | (() => number); lng: number | (() => number) };
interface MapsMap {
  addListener(event: 'click', handler: (e: { latLng?: MapsPoint | null }) => void): Listener;
  panTo(p: LatLng): void;
  setZoom(z: number): void;
}
interface MapsMarker {
  addListener(event: 'dragend', handler: () => void): Listener;
  position?: MapsPoint | LatLng | null;
  map: MapsMap | null;
}
/** An address component of Places API (New): `longText`, `shortText`, `types`. */
export type AddressComponent = { longText: string | null; shortText: string | null; types: string[] };
export interface Place {
  location?: MapsPoint | null;
  addressComponents?: AddressComponent[] | null;
  fetchFields(request: { fields: string[] }): Promise<unknown>;
}
/** The `gmp-select` event of the places search element. */
export type PlaceSelectEvent = Event & { placePrediction?: { toPlace(): Place } | null };
interface MapsPlaceAutocomplete extends HTMLElement {
  locationBias?: LatLng | null;
  placeholder?: string;
}

/** The libraries the picker imports (`google.maps.importLibrary('maps' | 'marker' | 'places')`). */
export interface MapsLibraries {
  maps: {
    Map: new (
      el: HTMLElement,
      opts: {
        center: LatLng;
        zoom: number;
        mapId: string;
        streetViewControl?: boolean;
        mapTypeControl?: boolean;
        fullscreenControl?: boolean;
        clickableIcons?: boolean;
      },
    ) => MapsMap;
  };
  marker: {
    AdvancedMarkerElement: new (opts: {
      map: MapsMap;
      position: LatLng;
      gmpDraggable: boolean;
      title?: string;
    }) => MapsMarker;
  };
  places: {
    PlaceAutocompleteElement: new (opts: {
      includedRegionCodes: string[];
      requestedLanguage?: string;
      requestedRegion?: string;
      locationBias?: LatLng;
    }) => MapsPlaceAutocomplete;
  };
}
type LibraryName = keyof MapsLibraries;

/** Riyadh: where the map opens when the address has no pin yet. */
export const RIYADH: LatLng = { lat: 24.7136, lng: 46.6753 };

/** Fields of the national address a place may fill; `city` is a name, matched to the form's cities. */
export type PlaceFields = Partial<Record<'city' | 'district' | 'street' | 'postal_code' | 'building_number', string>>;

/** The national-address fields found in a place's address components (only those that fit the form's rules). */
export function fieldsFromPlace(components: AddressComponent[] | null | undefined): PlaceFields {
  const find = (...types: string[]) =>
    types.map((t) => components?.find((c) => c.types.includes(t))?.longText?.trim()).find(Boolean);
  const out: PlaceFields = {};
  const city = find('locality');
  if (city) out.city = city;
  const district = find('sublocality_level_1', 'sublocality', 'neighborhood');
  if (district && district.length >= 2) out.district = district.slice(0, 100);
  const street = find('route');
  if (street && street.length >= 2) out.street = street.slice(0, 150);
  const postal = toLatinDigits(find('postal_code') ?? '');
  if (/^\d{5}$/.test(postal)) out.postal_code = postal;
  const building = toLatinDigits(find('street_number') ?? '');
  if (/^\d{4}$/.test(building)) out.building_number = building;
  return out;
}

/**
 * The form's city of a place's city name (same language: the API loads in the page's): equal once
 * normalised (hamza, taa marbuta, case), or one name inside the other (`مكة` / `مكة المكرمة`).
 */
export function cityIdFor(name: string | undefined, cities: { id: number; name: string }[]): number | null {
  const wanted = normalizeSearch(name ?? '');
  if (wanted.length < 2) return null;
  const named = cities.map((c) => ({ id: c.id, name: normalizeSearch(c.name) }));
  const hit =
    named.find((c) => c.name === wanted) ??
    named.find((c) => c.name.length >= 2 && (c.name.includes(wanted) || wanted.includes(c.name)));
  return hit?.id ?? null;
}

/** Of the place's fields, those the visitor left empty (what they typed is kept). */
export function onlyEmpty<F extends Partial<Record<string, string>>>(
  current: Record<string, string>,
  fields: F,
): Partial<F> {
  return Object.fromEntries(Object.entries(fields).filter(([k]) => !current[k]?.trim())) as Partial<F>;
}

/** Six decimals (about 10 cm) are plenty for a delivery pin. */
export const roundCoordinate = (n: number) => Math.round(n * 1e6) / 1e6;

// Called on the point: LatLng's methods read their own object.
const toLatLng = (p: MapsPoint | LatLng | null | undefined): LatLng | null =>
  p ? { lat: typeof p.lat === 'function' ? p.lat() : p.lat, lng: typeof p.lng === 'function' ? p.lng() : p.lng } : null;

/**
 * Map, draggable advanced marker and the places search element (Saudi Arabia only), the element
 * appended to `searchEl`. `onPick` gets every pin inside the kingdom (`onOutside` the others);
 * `onPlace` the chosen place's address fields. Returns a cleanup.
 */
export function attachPicker(
  libs: MapsLibraries,
  opts: {
    mapEl: HTMLElement;
    searchEl: HTMLElement;
    mapId: string;
    lang: 'ar' | 'en';
    initial: LatLng | null;
    title: string;
    placeholder: string;
    onPick: (p: LatLng) => void;
    onOutside: () => void;
    onPlace: (fields: PlaceFields) => void;
    onError: (e: unknown) => void;
  },
): () => void {
  const start = opts.initial ?? RIYADH;
  const map = new libs.maps.Map(opts.mapEl, {
    center: start,
    zoom: opts.initial ? 16 : 11,
    mapId: opts.mapId,
    streetViewControl: false,
    mapTypeControl: false,
    fullscreenControl: false,
    clickableIcons: false,
  });
  const marker = new libs.marker.AdvancedMarkerElement({ map, position: start, gmpDraggable: true, title: opts.title });
  const search = new libs.places.PlaceAutocompleteElement({
    includedRegionCodes: ['sa'],
    requestedLanguage: opts.lang,
    requestedRegion: 'sa',
    locationBias: start,
  });
  search.placeholder = opts.placeholder;
  search.style.width = '100%';
  opts.searchEl.append(search);

  let alive = true;
  const pick = (p: LatLng | null) => {
    if (!p || !alive) return;
    const point = { lat: roundCoordinate(p.lat), lng: roundCoordinate(p.lng) };
    if (insideSaudi(point.lat, point.lng)) {
      search.locationBias = point;
      opts.onPick(point);
    } else opts.onOutside();
  };
  const moveTo = (p: LatLng) => {
    marker.position = p;
    pick(p);
  };
  const onSelect = async (e: Event) => {
    const prediction = (e as PlaceSelectEvent).placePrediction;
    if (!prediction) return;
    try {
      const place = prediction.toPlace();
      await place.fetchFields({ fields: ['location', 'addressComponents'] });
      const at = toLatLng(place.location);
      if (!alive || !at) return;
      map.panTo(at);
      map.setZoom(17);
      moveTo(at);
      opts.onPlace(fieldsFromPlace(place.addressComponents));
    } catch (err) {
      opts.onError(err);
    }
  };
  search.addEventListener('gmp-select', onSelect);
  const listeners = [
    marker.addListener('dragend', () => pick(toLatLng(marker.position))),
    map.addListener('click', (e) => {
      const at = toLatLng(e.latLng);
      if (at) moveTo(at);
    }),
  ];
  return () => {
    alive = false;
    listeners.forEach((l) => l.remove());
    search.removeEventListener('gmp-select', onSelect);
    search.remove();
    marker.map = null;
  };
}

type ImportLibrary = (name: string) => Promise<unknown>;
declare global {
  interface Window {
    google?: { maps?: { importLibrary?: ImportLibrary; __ib__?: () => void } };
    gm_authFailure?: () => void;
  }
}

/**
 * Installs `google.maps.importLibrary` as Google's dynamic-library-import bootstrap does: the first
 * call adds the API's script (with every library asked for in the same turn, the page's language,
 * region SA and the page's CSP nonce); when it has loaded, the API's own `importLibrary` answers.
 * Unlike Google's inline snippet, a script that fails to load may be tried again later.
 */
export function installMapsBootstrap(params: { key: string; lang: 'ar' | 'en'; nonce?: string }) {
  const google = (window.google ??= {});
  const maps = (google.maps ??= {});
  if (maps.importLibrary) return;
  const libraries = new Set<string>();
  let loading: Promise<void> | null = null;
  const load = () =>
    (loading ??= new Promise<void>((resolve, reject) => {
      // A microtask later, so that libraries asked for together load with one script.
      queueMicrotask(() => {
        const query = new URLSearchParams({
          key: params.key,
          v: 'weekly',
          libraries: [...libraries].join(','),
          language: params.lang,
          region: 'SA',
          callback: 'google.maps.__ib__',
        });
        const script = document.createElement('script');
        script.src = `https://maps.googleapis.com/maps/api/js?${query}`;
        script.async = true;
        if (params.nonce) script.nonce = params.nonce;
        maps.__ib__ = () => resolve();
        script.onerror = () => {
          loading = null;
          script.remove();
          reject(new Error('the Google Maps script did not load'));
        };
        document.head.appendChild(script);
      });
    }));
  const bootstrap: ImportLibrary = async (name) => {
    libraries.add(name);
    await load();
    const real = maps.importLibrary;
    if (!real || real === bootstrap) throw new Error('google.maps.importLibrary is missing after the script loaded');
    return real(name);
  };
  maps.importLibrary = bootstrap;
}

/** Loads the picker's three libraries (the script once per page); rejects when it fails. */
export async function loadMapsLibraries(params: { key: string; lang: 'ar' | 'en'; nonce?: string }) {
  installMapsBootstrap(params);
  const importLibrary = (name: LibraryName) => window.google!.maps!.importLibrary!(name);
  const [maps, marker, places] = await Promise.all([
    importLibrary('maps'),
    importLibrary('marker'),
    importLibrary('places'),
  ]);
  return { maps, marker, places } as MapsLibraries;
}
