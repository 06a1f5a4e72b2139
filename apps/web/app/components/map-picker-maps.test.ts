import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  attachPicker,
  fieldsFromPlace,
  loadGoogleMaps,
  onlyEmpty,
  RIYADH,
  type GoogleMaps,
  type LatLng,
  type Place,
} from './map-picker-maps.ts';

/** A tiny fake of the part of google.maps the picker uses, with a scripted place. */
function fakeMaps(place: Place) {
  const handlers = new Map<string, (e?: unknown) => void>();
  const on = (who: string) => (event: string, h: (e?: unknown) => void) => {
    handlers.set(`${who}:${event}`, h);
    return { remove: () => handlers.delete(`${who}:${event}`) };
  };
  const ll = (p: LatLng) => ({ lat: () => p.lat, lng: () => p.lng });
  const seen: { mapOpts?: unknown; markerAt?: LatLng; panTo?: LatLng; autocompleteOpts?: unknown } = {};
  class FakeMap {
    constructor(_el: HTMLElement, opts: unknown) {
      seen.mapOpts = opts;
    }
    addListener = on('map');
    panTo(p: LatLng) {
      seen.panTo = p;
    }
    setZoom() {}
  }
  class FakeMarker {
    constructor(opts: { position: LatLng }) {
      seen.markerAt = opts.position;
    }
    addListener = on('marker');
    getPosition = () => ll(seen.markerAt!);
    setPosition(p: LatLng) {
      seen.markerAt = p;
    }
    setMap() {}
  }
  class FakeAutocomplete {
    constructor(_input: HTMLInputElement, opts: unknown) {
      seen.autocompleteOpts = opts;
    }
    addListener = on('autocomplete');
    getPlace = () => place;
    bindTo() {}
  }
  const maps = {
    Map: FakeMap,
    Marker: FakeMarker,
    places: { Autocomplete: FakeAutocomplete },
  } as unknown as GoogleMaps;
  return { maps, seen, handlers, fire: (key: string, e?: unknown) => handlers.get(key)!(e), ll };
}

const olaya: Place = {
  geometry: { location: { lat: () => 24.6951234567, lng: () => 46.6851234567 } },
  address_components: [
    { long_name: '٧٥٩٦', short_name: '٧٥٩٦', types: ['street_number'] },
    { long_name: 'Olaya Street', short_name: 'Olaya St', types: ['route'] },
    { long_name: 'Al Olaya', short_name: 'Al Olaya', types: ['sublocality_level_1', 'sublocality', 'political'] },
    { long_name: 'Riyadh', short_name: 'Riyadh', types: ['locality', 'political'] },
    { long_name: '12213', short_name: '12213', types: ['postal_code'] },
  ],
};

describe('the map pin', () => {
  const setup = (place: Place = olaya, initial: LatLng | null = null) => {
    const fake = fakeMaps(place);
    const picks: LatLng[] = [];
    const places: unknown[] = [];
    const onOutside = vi.fn();
    const cleanup = attachPicker(fake.maps, {
      mapEl: {} as HTMLElement,
      inputEl: {} as HTMLInputElement,
      initial,
      title: 'Delivery location',
      onPick: (p) => picks.push(p),
      onOutside,
      onPlace: (f) => places.push(f),
    });
    return { ...fake, picks, places, onOutside, cleanup };
  };

  it('opens on Riyadh, restricts places to Saudi Arabia, and a chosen place moves the pin and fills the fields', () => {
    const t = setup();
    expect(t.seen.mapOpts).toMatchObject({ center: RIYADH });
    expect(t.seen.markerAt).toEqual(RIYADH);
    expect(t.seen.autocompleteOpts).toMatchObject({ componentRestrictions: { country: 'sa' } });
    t.fire('autocomplete:place_changed');
    expect(t.seen.markerAt).toEqual({ lat: 24.6951234567, lng: 46.6851234567 });
    expect(t.seen.panTo).toEqual(t.seen.markerAt);
    expect(t.picks).toEqual([{ lat: 24.695123, lng: 46.685123 }]);
    expect(t.places).toEqual([
      { district: 'Al Olaya', street: 'Olaya Street', postal_code: '12213', building_number: '7596' },
    ]);
  });

  it('dragging or tapping sets the pin; a pin outside the kingdom is refused', () => {
    const t = setup(olaya, { lat: 21.5, lng: 39.2 });
    expect(t.seen.mapOpts).toMatchObject({ center: { lat: 21.5, lng: 39.2 } });
    t.seen.markerAt = { lat: 26.42, lng: 50.09 };
    t.fire('marker:dragend');
    t.fire('map:click', { latLng: t.ll({ lat: 30.04, lng: 31.23 }) });
    expect(t.picks).toEqual([{ lat: 26.42, lng: 50.09 }]);
    expect(t.onOutside).toHaveBeenCalledTimes(1);
    t.cleanup();
    expect(t.handlers.size).toBe(0);
  });

  it('a place without geometry changes nothing', () => {
    const t = setup({ address_components: [] });
    t.fire('autocomplete:place_changed');
    expect(t.picks).toEqual([]);
    expect(t.places).toEqual([]);
  });
});

describe('address components', () => {
  it('keeps only the fields that fit the national address, and fills only empty ones', () => {
    expect(
      fieldsFromPlace([
        { long_name: '12', short_name: '12', types: ['street_number'] },
        { long_name: '1221', short_name: '1221', types: ['postal_code'] },
        { long_name: 'حي الروضة', short_name: 'الروضة', types: ['neighborhood'] },
      ]),
    ).toEqual({ district: 'حي الروضة' });
    expect(fieldsFromPlace(undefined)).toEqual({});
    expect(onlyEmpty({ district: 'Mine', street: ' ' }, { district: 'Al Olaya', street: 'Olaya Street' })).toEqual({
      street: 'Olaya Street',
    });
  });
});

describe('loading the script', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('adds one script with the key, places, language, region and nonce; a failure is reported and may be retried', async () => {
    const scripts: { src: string; nonce?: string; onerror?: () => void }[] = [];
    const win: Window = {} as Window;
    vi.stubGlobal('window', win);
    vi.stubGlobal('document', {
      createElement: () => ({}),
      head: { appendChild: (s: (typeof scripts)[number]) => scripts.push(s) },
    });
    const failed = loadGoogleMaps('KEY1', 'ar', 'n0nce');
    expect(loadGoogleMaps('KEY1', 'ar', 'n0nce')).toBe(failed);
    expect(scripts).toHaveLength(1);
    const url = new URL(scripts[0]!.src);
    expect(url.origin + url.pathname).toBe('https://maps.googleapis.com/maps/api/js');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      key: 'KEY1',
      libraries: 'places',
      language: 'ar',
      region: 'SA',
      loading: 'async',
      callback: '__poolMapsReady',
    });
    expect(scripts[0]!.nonce).toBe('n0nce');
    scripts[0]!.onerror!();
    await expect(failed).rejects.toThrow(/did not load/);

    const retried = loadGoogleMaps('KEY1', 'en');
    expect(scripts).toHaveLength(2);
    const maps = fakeMaps(olaya).maps;
    win.google = { maps };
    win.__poolMapsReady!();
    await expect(retried).resolves.toBe(maps);
    await expect(loadGoogleMaps('KEY1', 'en')).resolves.toBe(maps);
    expect(scripts).toHaveLength(2);
  });
});
