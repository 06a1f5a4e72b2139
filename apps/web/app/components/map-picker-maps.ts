/**
 * The map pin's logic, apart from React: the few Google Maps JavaScript API types it uses (declared
 * here, no types package), loading the script once, wiring map, marker and places autocomplete, and
 * turning a place's address components into the national-address fields. Tested with a fake
 * `google.maps` in map-picker-maps.test.ts.
 */
import { insideSaudi } from '@pool/contracts';

export type LatLng = { lat: number; lng: number };

type Listener = { remove(): void };
interface MapsLatLng {
  lat(): number;
  lng(): number;
}
interface MapsEventTarget {
  addListener(event: string, handler: (e?: { latLng?: MapsLatLng | null }) => void): Listener;
}
interface MapsMap extends MapsEventTarget {
  panTo(p: LatLng): void;
  setZoom(z: number): void;
}
interface MapsMarker extends MapsEventTarget {
  getPosition(): MapsLatLng | null | undefined;
  setPosition(p: LatLng): void;
  setMap(map: MapsMap | null): void;
}
export type AddressComponent = { long_name: string; short_name: string; types: string[] };
export type Place = {
  geometry?: { location?: MapsLatLng };
  address_components?: AddressComponent[];
};
interface MapsAutocomplete extends MapsEventTarget {
  getPlace(): Place;
  bindTo(key: string, target: MapsMap): void;
}

/** The part of `google.maps` the picker uses. */
export interface GoogleMaps {
  Map: new (
    el: HTMLElement,
    opts: {
      center: LatLng;
      zoom: number;
      streetViewControl?: boolean;
      mapTypeControl?: boolean;
      fullscreenControl?: boolean;
      clickableIcons?: boolean;
    },
  ) => MapsMap;
  Marker: new (opts: { map: MapsMap; position: LatLng; draggable: boolean; title?: string }) => MapsMarker;
  places: {
    Autocomplete: new (
      input: HTMLInputElement,
      opts: { componentRestrictions: { country: string | string[] }; fields: string[] },
    ) => MapsAutocomplete;
  };
  event?: { clearInstanceListeners(target: object): void };
}

/** Riyadh: where the map opens when the address has no pin yet. */
export const RIYADH: LatLng = { lat: 24.7136, lng: 46.6753 };

/** Fields of the national address a place may fill. */
export type PlaceFields = Partial<Record<'district' | 'street' | 'postal_code' | 'building_number', string>>;

const toLatin = (s: string) =>
  s.replace(/[٠-٩۰-۹]/g, (d) => String((d.charCodeAt(0) - (d >= '۰' ? 0x06f0 : 0x0660)) % 10));

/** The national-address fields found in a place's address components (only those that fit the form's rules). */
export function fieldsFromPlace(components: AddressComponent[] | undefined): PlaceFields {
  const find = (...types: string[]) =>
    types.map((t) => components?.find((c) => c.types.includes(t))?.long_name.trim()).find(Boolean);
  const out: PlaceFields = {};
  const district = find('sublocality_level_1', 'sublocality', 'neighborhood');
  if (district && district.length >= 2) out.district = district.slice(0, 100);
  const street = find('route');
  if (street && street.length >= 2) out.street = street.slice(0, 150);
  const postal = toLatin(find('postal_code') ?? '');
  if (/^\d{5}$/.test(postal)) out.postal_code = postal;
  const building = toLatin(find('street_number') ?? '');
  if (/^\d{4}$/.test(building)) out.building_number = building;
  return out;
}

/** Of the place's fields, those the visitor left empty (what they typed is kept). */
export function onlyEmpty(current: Record<string, string>, fields: PlaceFields): PlaceFields {
  return Object.fromEntries(Object.entries(fields).filter(([k]) => !current[k]?.trim())) as PlaceFields;
}

/** Six decimals (about 10 cm) are plenty for a delivery pin. */
export const roundCoordinate = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * Map, draggable marker and places autocomplete (Saudi Arabia only). `onPick` gets every pin inside
 * the kingdom (`onOutside` the others); `onPlace` the chosen place's address fields. Returns a cleanup.
 */
export function attachPicker(
  maps: GoogleMaps,
  opts: {
    mapEl: HTMLElement;
    inputEl: HTMLInputElement;
    initial: LatLng | null;
    title: string;
    onPick: (p: LatLng) => void;
    onOutside: () => void;
    onPlace: (fields: PlaceFields) => void;
  },
): () => void {
  const start = opts.initial ?? RIYADH;
  const map = new maps.Map(opts.mapEl, {
    center: start,
    zoom: opts.initial ? 16 : 11,
    streetViewControl: false,
    mapTypeControl: false,
    fullscreenControl: false,
    clickableIcons: false,
  });
  const marker = new maps.Marker({ map, position: start, draggable: true, title: opts.title });
  const pick = (p: MapsLatLng | null | undefined) => {
    if (!p) return;
    const point = { lat: roundCoordinate(p.lat()), lng: roundCoordinate(p.lng()) };
    if (insideSaudi(point.lat, point.lng)) opts.onPick(point);
    else opts.onOutside();
  };
  const autocomplete = new maps.places.Autocomplete(opts.inputEl, {
    componentRestrictions: { country: 'sa' },
    fields: ['geometry', 'address_components'],
  });
  autocomplete.bindTo('bounds', map);
  const listeners = [
    marker.addListener('dragend', () => pick(marker.getPosition())),
    map.addListener('click', (e) => {
      if (!e?.latLng) return;
      marker.setPosition({ lat: e.latLng.lat(), lng: e.latLng.lng() });
      pick(e.latLng);
    }),
    autocomplete.addListener('place_changed', () => {
      const place = autocomplete.getPlace();
      const at = place.geometry?.location;
      if (!at) return;
      const point = { lat: at.lat(), lng: at.lng() };
      marker.setPosition(point);
      map.panTo(point);
      map.setZoom(17);
      pick(at);
      opts.onPlace(fieldsFromPlace(place.address_components));
    }),
  ];
  return () => {
    listeners.forEach((l) => l.remove());
    maps.event?.clearInstanceListeners(autocomplete);
    marker.setMap(null);
  };
}

declare global {
  interface Window {
    google?: { maps?: GoogleMaps };
    __poolMapsReady?: () => void;
    gm_authFailure?: () => void;
  }
}

let loading: Promise<GoogleMaps> | null = null;

/** Loads the Maps JavaScript API with places once per page; rejects (and may be retried) when it fails. */
export function loadGoogleMaps(key: string, lang: 'ar' | 'en', nonce?: string): Promise<GoogleMaps> {
  if (window.google?.maps?.places) return Promise.resolve(window.google.maps);
  if (loading) return loading;
  loading = new Promise<GoogleMaps>((resolve, reject) => {
    const params = new URLSearchParams({
      key,
      libraries: 'places',
      language: lang,
      region: 'SA',
      loading: 'async',
      callback: '__poolMapsReady',
    });
    const script = document.createElement('script');
    script.src = `https://maps.googleapis.com/maps/api/js?${params}`;
    script.async = true;
    if (nonce) script.nonce = nonce;
    window.__poolMapsReady = () => {
      const maps = window.google?.maps;
      if (maps?.places) resolve(maps);
      else reject(new Error('google.maps.places is missing after the callback'));
    };
    script.onerror = () => reject(new Error('the Google Maps script did not load'));
    document.head.appendChild(script);
  }).catch((e: unknown) => {
    loading = null;
    throw e;
  });
  return loading;
}
