/**
 * A small stand-in for the Google Maps JavaScript API, served by Playwright at Google's own address
 * (maps.googleapis.com), with just what the address map pin uses: the `importLibrary` of the dynamic
 * bootstrap (the script calls the `callback` of its URL), a `Map` that reports clicks, a draggable
 * `AdvancedMarkerElement` (`dragend`) and a `PlaceAutocompleteElement` that offers one suggestion and
 * dispatches `gmp-select`; the place's details are fetched from places.googleapis.com, as the real
 * one does, so the page's CSP is exercised for scripts and for connections.
 * What the page asked of it is kept in `window.__fakeMaps` for the test to read.
 */

/** A suggestion of the fake search: the place id it selects and its text. */
export type FakeSuggestion = { id: string; text: string };

/** The page script: run in the browser (it may use nothing from this module but its argument). */
function fakeMaps(suggestions: Record<string, string>) {
  const script = document.currentScript as HTMLScriptElement;
  const url = new URL(script.src);
  const params = Object.fromEntries(url.searchParams);
  const seen: Record<string, unknown> = { params, nonce: script.nonce };
  (window as unknown as { __fakeMaps: unknown }).__fakeMaps = seen;

  class LatLng {
    #lat: number;
    #lng: number;
    constructor(lat: number, lng: number) {
      this.#lat = lat;
      this.#lng = lng;
    }
    lat() {
      return this.#lat;
    }
    lng() {
      return this.#lng;
    }
  }
  type Point = { lat: number; lng: number };
  type Handler = (e?: unknown) => void;
  const withListeners = () => {
    const all = new Map<string, Set<Handler>>();
    return {
      addListener(event: string, handler: Handler) {
        if (!all.has(event)) all.set(event, new Set());
        all.get(event)!.add(handler);
        return { remove: () => all.get(event)!.delete(handler) };
      },
      fire(event: string, e?: unknown) {
        all.get(event)?.forEach((h) => h(e));
      },
    };
  };
  // Degrees per pixel at a zoom level (Web Mercator near the equator is close enough here).
  const scale = (zoom: number) => 360 / (256 * 2 ** zoom);

  class FakeMap {
    el: HTMLElement;
    center: Point;
    zoom: number;
    markers = new Set<FakeMarker>();
    events = withListeners();
    addListener = this.events.addListener;
    constructor(el: HTMLElement, opts: { center: Point; zoom: number; mapId?: string }) {
      seen.mapOptions = opts;
      this.el = el;
      this.center = opts.center;
      this.zoom = opts.zoom;
      Object.assign(el.style, {
        position: 'relative',
        backgroundColor: '#e8eef3',
        backgroundImage:
          'linear-gradient(#cfd9e1 1px, transparent 1px), linear-gradient(90deg, #cfd9e1 1px, transparent 1px)',
        backgroundSize: '32px 32px',
        cursor: 'crosshair',
      });
      el.dataset.fakeMap = opts.mapId ?? '';
      el.addEventListener('click', (e) => {
        if (FakeMarker.dragging) return;
        const box = el.getBoundingClientRect();
        const at = this.toPoint(e.clientX - box.left, e.clientY - box.top);
        this.events.fire('click', { latLng: new LatLng(at.lat, at.lng) });
      });
    }
    toPoint(x: number, y: number): Point {
      const s = scale(this.zoom);
      const box = this.el.getBoundingClientRect();
      return { lat: this.center.lat + (box.height / 2 - y) * s, lng: this.center.lng + (x - box.width / 2) * s };
    }
    toPixel(p: Point) {
      const s = scale(this.zoom);
      const box = this.el.getBoundingClientRect();
      return { x: box.width / 2 + (p.lng - this.center.lng) / s, y: box.height / 2 - (p.lat - this.center.lat) / s };
    }
    panTo(p: Point) {
      this.center = { lat: p.lat, lng: p.lng };
      this.markers.forEach((m) => m.draw());
    }
    setZoom(z: number) {
      this.zoom = z;
      this.markers.forEach((m) => m.draw());
    }
  }

  class FakeMarker extends HTMLElement {
    static dragging = false;
    #map: FakeMap | null = null;
    #position: Point = { lat: 0, lng: 0 };
    events = withListeners();
    addListener = this.events.addListener;
    gmpDraggable = false;
    constructor(
      opts: { map?: FakeMap; position: Point; gmpDraggable?: boolean; title?: string } = {
        position: { lat: 0, lng: 0 },
      },
    ) {
      super();
      seen.markerOptions = { position: opts.position, gmpDraggable: opts.gmpDraggable, title: opts.title };
      this.title = opts.title ?? '';
      this.gmpDraggable = !!opts.gmpDraggable;
      this.dataset.testid = 'fake-marker';
      Object.assign(this.style, {
        position: 'absolute',
        width: '22px',
        height: '22px',
        margin: '-22px 0 0 -11px',
        borderRadius: '50% 50% 50% 0',
        transform: 'rotate(-45deg)',
        background: '#d93025',
        border: '2px solid #fff',
        boxShadow: '0 1px 3px rgba(0,0,0,.4)',
        cursor: 'grab',
      });
      this.addEventListener('mousedown', (down) => {
        if (!this.gmpDraggable || !this.#map) return;
        down.preventDefault();
        down.stopPropagation();
        const box = this.#map.el.getBoundingClientRect();
        const move = (e: MouseEvent) => {
          FakeMarker.dragging = true;
          this.#position = this.#map!.toPoint(e.clientX - box.left, e.clientY - box.top);
          this.draw();
        };
        const up = () => {
          document.removeEventListener('mousemove', move);
          document.removeEventListener('mouseup', up);
          if (FakeMarker.dragging) this.events.fire('dragend', {});
          // The click that ends a drag is not a click on the map.
          setTimeout(() => (FakeMarker.dragging = false), 0);
        };
        document.addEventListener('mousemove', move);
        document.addEventListener('mouseup', up);
      });
      this.position = opts.position;
      this.map = opts.map ?? null;
    }
    /** As in newer API versions: a LatLngAltitude, numbers rather than methods. */
    get position(): { lat: number; lng: number; altitude: number } {
      return { ...this.#position, altitude: 0 };
    }
    set position(p: Point) {
      this.#position = { lat: p.lat, lng: p.lng };
      this.draw();
    }
    get map() {
      return this.#map;
    }
    set map(map: FakeMap | null) {
      this.#map?.markers.delete(this);
      this.remove();
      this.#map = map;
      if (map) {
        map.markers.add(this);
        map.el.append(this);
        this.draw();
      }
    }
    draw() {
      if (!this.#map) return;
      const { x, y } = this.#map.toPixel(this.#position);
      this.style.left = `${x}px`;
      this.style.top = `${y}px`;
      this.dataset.lat = String(this.#position.lat);
      this.dataset.lng = String(this.#position.lng);
    }
  }
  customElements.define('gmp-advanced-marker', FakeMarker);

  class Place {
    id: string;
    location: LatLng | null = null;
    addressComponents: unknown[] | null = null;
    constructor(id: string) {
      this.id = id;
    }
    async fetchFields({ fields }: { fields: string[] }) {
      seen.fetchedFields = fields;
      const res = await fetch(
        `https://places.googleapis.com/v1/places/${this.id}?languageCode=${params.language}&fields=${fields.join(',')}`,
      );
      const body = await res.json();
      this.location = new LatLng(body.location.latitude, body.location.longitude);
      this.addressComponents = body.addressComponents;
      return { place: this };
    }
  }

  class FakeAutocomplete extends HTMLElement {
    locationBias: unknown = null;
    #input: HTMLInputElement;
    #list: HTMLUListElement;
    constructor(opts: Record<string, unknown> = {}) {
      super();
      seen.autocompleteOptions = opts;
      const root = this.attachShadow({ mode: 'open' });
      this.#input = document.createElement('input');
      Object.assign(this.#input.style, {
        width: '100%',
        boxSizing: 'border-box',
        padding: '8px 12px',
        border: '1px solid #ccc',
        borderRadius: '8px',
        font: 'inherit',
      });
      this.#list = document.createElement('ul');
      Object.assign(this.#list.style, { listStyle: 'none', margin: '4px 0 0', padding: '0' });
      root.append(this.#input, this.#list);
      this.#input.addEventListener('input', () => this.#suggest());
    }
    set placeholder(text: string) {
      this.#input.placeholder = text;
    }
    get placeholder() {
      return this.#input.placeholder;
    }
    #suggest() {
      this.#list.replaceChildren();
      this.#list.removeAttribute('role');
      if (this.#input.value.trim().length < 2) return;
      this.#list.setAttribute('role', 'listbox');
      this.#list.setAttribute('aria-label', this.#input.placeholder);
      for (const [id, text] of Object.entries(suggestions)) {
        const option = document.createElement('li');
        option.setAttribute('role', 'option');
        option.textContent = text;
        Object.assign(option.style, { padding: '6px 12px', cursor: 'pointer', background: '#f1f3f4' });
        option.addEventListener('click', () => {
          seen.locationBiasAtSelect = this.locationBias;
          this.#input.value = text;
          this.#list.replaceChildren();
          this.#list.removeAttribute('role');
          const event = new Event('gmp-select');
          Object.assign(event, { placePrediction: { toPlace: () => new Place(id) } });
          this.dispatchEvent(event);
        });
        this.#list.append(option);
      }
    }
  }
  customElements.define('gmp-place-autocomplete', FakeAutocomplete);

  const libraries: Record<string, unknown> = {
    maps: { Map: FakeMap },
    marker: { AdvancedMarkerElement: FakeMarker },
    places: { PlaceAutocompleteElement: FakeAutocomplete, Place },
  };
  const g = window as unknown as { google: { maps: Record<string, unknown> } };
  g.google.maps.importLibrary = async (name: string) => {
    if (!libraries[name]) throw new Error(`fake maps: no library ${name}`);
    return libraries[name];
  };
  // The bootstrap's callback, named in the URL (`google.maps.__ib__`).
  const callback = params.callback!.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], window);
  (callback as () => void)();
}

/** The fake API's source, for `route.fulfill`, offering these suggestions. */
export const fakeMapsScript = (suggestions: FakeSuggestion[]) =>
  `(${fakeMaps.toString()})(${JSON.stringify(Object.fromEntries(suggestions.map((s) => [s.id, s.text])))});`;
