import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  attachPicker,
  cityIdFor,
  fieldsFromPlace,
  installMapsBootstrap,
  loadMapsLibraries,
  onlyEmpty,
  RIYADH,
  type AddressComponent,
  type LatLng,
  type MapsLibraries,
} from './map-picker-maps.ts';

type FakePlace = { location?: LatLng; addressComponents?: AddressComponent[] };

/** A tiny fake of the libraries the picker imports, with a scripted place. */
function fakeLibraries(place: FakePlace) {
  const handlers = new Map<string, (e?: unknown) => void>();
  const on = (who: string) => (event: string, h: (e?: unknown) => void) => {
    handlers.set(`${who}:${event}`, h);
    return { remove: () => handlers.delete(`${who}:${event}`) };
  };
  // google.maps.LatLng: methods that read their own object, as a map click and a place give.
  class FakeLatLng {
    #p: LatLng;
    constructor(p: LatLng) {
      this.#p = p;
    }
    lat() {
      return this.#p.lat;
    }
    lng() {
      return this.#p.lng;
    }
  }
  const ll = (p: LatLng) => new FakeLatLng(p);
  const seen: {
    mapOpts?: Record<string, unknown>;
    markerOpts?: Record<string, unknown>;
    marker?: FakeMarker;
    panTo?: LatLng;
    zoom?: number;
    searchOpts?: Record<string, unknown>;
    search?: FakeSearch;
    fields?: string[];
  } = {};
  class FakeMap {
    constructor(_el: HTMLElement, opts: Record<string, unknown>) {
      seen.mapOpts = opts;
    }
    addListener = on('map');
    panTo(p: LatLng) {
      seen.panTo = p;
    }
    setZoom(z: number) {
      seen.zoom = z;
    }
  }
  class FakeMarker {
    position: unknown;
    map: unknown;
    constructor(opts: { position: LatLng; map: unknown }) {
      seen.markerOpts = opts;
      seen.marker = this;
      this.position = opts.position;
      this.map = opts.map;
    }
    addListener = on('marker');
  }
  class FakeSearch extends EventTarget {
    placeholder = '';
    locationBias: unknown;
    style = { width: '' };
    removed = false;
    constructor(opts: Record<string, unknown>) {
      super();
      seen.searchOpts = opts;
      seen.search = this;
    }
    remove() {
      this.removed = true;
    }
  }
  const libs = {
    maps: { Map: FakeMap },
    marker: { AdvancedMarkerElement: FakeMarker },
    places: { PlaceAutocompleteElement: FakeSearch },
  } as unknown as MapsLibraries;
  /** The places element's `gmp-select`, as Google dispatches it: the prediction's place is fetched. */
  const select = async () => {
    const event = Object.assign(new Event('gmp-select'), {
      placePrediction: {
        toPlace: () => ({
          fetchFields: async ({ fields }: { fields: string[] }) => {
            seen.fields = fields;
            return {};
          },
          get location() {
            return place.location ? ll(place.location) : undefined;
          },
          addressComponents: place.addressComponents,
        }),
      },
    });
    seen.search!.dispatchEvent(event);
    await new Promise((r) => setTimeout(r, 0));
  };
  return { libs, seen, handlers, fire: (key: string, e?: unknown) => handlers.get(key)!(e), ll, select };
}

const olaya: FakePlace = {
  location: { lat: 24.6951234567, lng: 46.6851234567 },
  addressComponents: [
    { longText: '٧٥٩٦', shortText: '٧٥٩٦', types: ['street_number'] },
    { longText: 'Olaya Street', shortText: 'Olaya St', types: ['route'] },
    { longText: 'Al Olaya', shortText: 'Al Olaya', types: ['sublocality_level_1', 'sublocality', 'political'] },
    { longText: 'Riyadh', shortText: 'Riyadh', types: ['locality', 'political'] },
    { longText: 'Riyadh Province', shortText: 'Riyadh Province', types: ['administrative_area_level_1'] },
    { longText: '12213', shortText: '12213', types: ['postal_code'] },
  ],
};

describe('the map pin', () => {
  const setup = (place: FakePlace = olaya, initial: LatLng | null = null) => {
    const fake = fakeLibraries(place);
    const picks: LatLng[] = [];
    const places: unknown[] = [];
    const appended: unknown[] = [];
    const onOutside = vi.fn();
    const onError = vi.fn();
    const cleanup = attachPicker(fake.libs, {
      mapEl: {} as HTMLElement,
      searchEl: { append: (el: unknown) => appended.push(el) } as unknown as HTMLElement,
      mapId: 'MAP1',
      lang: 'ar',
      initial,
      title: 'Delivery location',
      placeholder: 'A district, street or landmark',
      onPick: (p) => picks.push(p),
      onOutside,
      onPlace: (f) => places.push(f),
      onError,
    });
    return { ...fake, picks, places, appended, onOutside, onError, cleanup };
  };

  it('opens on Riyadh with the map id, a draggable advanced marker and a places search limited to Saudi Arabia', () => {
    const t = setup();
    expect(t.seen.mapOpts).toMatchObject({ center: RIYADH, zoom: 11, mapId: 'MAP1' });
    expect(t.seen.markerOpts).toMatchObject({ position: RIYADH, gmpDraggable: true, title: 'Delivery location' });
    expect(t.seen.searchOpts).toEqual({
      includedRegionCodes: ['sa'],
      requestedLanguage: 'ar',
      requestedRegion: 'sa',
      locationBias: RIYADH,
    });
    expect(t.appended).toEqual([t.seen.search]);
    expect(t.seen.search!.placeholder).toBe('A district, street or landmark');
  });

  it('a chosen place moves the map and the pin and fills the fields', async () => {
    const t = setup();
    await t.select();
    expect(t.seen.fields).toEqual(['location', 'addressComponents']);
    expect(t.seen.marker!.position).toEqual({ lat: 24.6951234567, lng: 46.6851234567 });
    expect(t.seen.panTo).toEqual(t.seen.marker!.position);
    expect(t.seen.zoom).toBe(17);
    expect(t.picks).toEqual([{ lat: 24.695123, lng: 46.685123 }]);
    expect(t.seen.search!.locationBias).toEqual({ lat: 24.695123, lng: 46.685123 });
    expect(t.places).toEqual([
      { city: 'Riyadh', district: 'Al Olaya', street: 'Olaya Street', postal_code: '12213', building_number: '7596' },
    ]);
  });

  it('dragging (a LatLngAltitude position) or tapping (a LatLng) sets the pin; a pin outside the kingdom is refused', () => {
    const t = setup(olaya, { lat: 21.5, lng: 39.2 });
    expect(t.seen.mapOpts).toMatchObject({ center: { lat: 21.5, lng: 39.2 }, zoom: 16 });
    t.seen.marker!.position = { lat: 26.42, lng: 50.09, altitude: 0 };
    t.fire('marker:dragend');
    t.fire('map:click', { latLng: t.ll({ lat: 21.4858, lng: 39.1925 }) });
    expect(t.seen.marker!.position).toEqual({ lat: 21.4858, lng: 39.1925 });
    t.fire('map:click', { latLng: t.ll({ lat: 30.04, lng: 31.23 }) });
    expect(t.picks).toEqual([
      { lat: 26.42, lng: 50.09 },
      { lat: 21.4858, lng: 39.1925 },
    ]);
    expect(t.onOutside).toHaveBeenCalledTimes(1);
  });

  it('cleans up: listeners removed, search element gone, marker off the map, late places ignored', async () => {
    const t = setup();
    t.cleanup();
    expect(t.handlers.size).toBe(0);
    expect(t.seen.search!.removed).toBe(true);
    expect(t.seen.marker!.map).toBeNull();
    await t.select();
    expect(t.places).toEqual([]);
  });

  it('a place without a location changes nothing; a failed fetch is reported', async () => {
    const t = setup({ addressComponents: [] });
    await t.select();
    expect(t.picks).toEqual([]);
    expect(t.places).toEqual([]);
    const broken = setup();
    broken.seen.search!.dispatchEvent(
      Object.assign(new Event('gmp-select'), {
        placePrediction: { toPlace: () => ({ fetchFields: () => Promise.reject(new Error('quota')) }) },
      }),
    );
    await new Promise((r) => setTimeout(r, 0));
    expect(broken.onError).toHaveBeenCalledWith(new Error('quota'));
    expect(broken.places).toEqual([]);
  });
});

describe('address components', () => {
  it('keeps only the fields that fit the national address, and fills only empty ones', () => {
    expect(
      fieldsFromPlace([
        { longText: '12', shortText: '12', types: ['street_number'] },
        { longText: '1221', shortText: '1221', types: ['postal_code'] },
        { longText: 'حي الروضة', shortText: 'الروضة', types: ['neighborhood'] },
        { longText: null, shortText: null, types: ['route'] },
      ]),
    ).toEqual({ district: 'حي الروضة' });
    expect(fieldsFromPlace(undefined)).toEqual({});
    expect(onlyEmpty({ district: 'Mine', street: ' ' }, { district: 'Al Olaya', street: 'Olaya Street' })).toEqual({
      street: 'Olaya Street',
    });
  });

  it("matches the place's city to ours by name", () => {
    const cities = [
      { id: 1, name: 'الرياض' },
      { id: 3, name: 'مكة المكرمة' },
      { id: 9, name: 'Jeddah' },
    ];
    expect(cityIdFor('الرياض', cities)).toBe(1);
    expect(cityIdFor('مكة', cities)).toBe(3);
    expect(cityIdFor('jeddah', cities)).toBe(9);
    expect(cityIdFor('الدمام', cities)).toBeNull();
    expect(cityIdFor(undefined, cities)).toBeNull();
  });
});

describe('loading the API (dynamic library import)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('adds one script for the libraries asked for together, with key, language, region and nonce; a failure may be retried', async () => {
    type FakeScript = { src: string; nonce?: string; onerror?: () => void; remove(): void };
    const scripts: FakeScript[] = [];
    const win = {} as Window;
    vi.stubGlobal('window', win);
    vi.stubGlobal('document', {
      createElement: () => ({ remove() {} }),
      head: { appendChild: (s: FakeScript) => scripts.push(s) },
    });
    const failed = loadMapsLibraries({ key: 'KEY1', lang: 'ar', nonce: 'n0nce' });
    await Promise.resolve();
    await Promise.resolve();
    expect(scripts).toHaveLength(1);
    const url = new URL(scripts[0]!.src);
    expect(url.origin + url.pathname).toBe('https://maps.googleapis.com/maps/api/js');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      key: 'KEY1',
      v: 'weekly',
      libraries: 'maps,marker,places',
      language: 'ar',
      region: 'SA',
      callback: 'google.maps.__ib__',
    });
    expect(scripts[0]!.nonce).toBe('n0nce');
    scripts[0]!.onerror!();
    await expect(failed).rejects.toThrow(/did not load/);

    // Installing again keeps the one bootstrap; the next import adds a new script.
    installMapsBootstrap({ key: 'KEY1', lang: 'ar' });
    const retried = loadMapsLibraries({ key: 'KEY1', lang: 'ar' });
    await Promise.resolve();
    await Promise.resolve();
    expect(scripts).toHaveLength(2);
    // The API, once loaded, replaces importLibrary with its own and calls the callback.
    const { libs } = fakeLibraries(olaya);
    const maps = win.google!.maps!;
    maps.importLibrary = async (name: string) => libs[name as keyof MapsLibraries];
    maps.__ib__!();
    await expect(retried).resolves.toEqual(libs);
    await expect(loadMapsLibraries({ key: 'KEY1', lang: 'ar' })).resolves.toEqual(libs);
    expect(scripts).toHaveLength(2);
  });

  it('rejects when the script loads but does not provide importLibrary', async () => {
    const scripts: { onerror?: () => void }[] = [];
    const win = {} as Window;
    vi.stubGlobal('window', win);
    vi.stubGlobal('document', {
      createElement: () => ({}),
      head: { appendChild: (s: (typeof scripts)[number]) => scripts.push(s) },
    });
    const loading = loadMapsLibraries({ key: 'KEY1', lang: 'en' });
    await Promise.resolve();
    await Promise.resolve();
    win.google!.maps!.__ib__!();
    await expect(loading).rejects.toThrow(/importLibrary is missing/);
  });
});
