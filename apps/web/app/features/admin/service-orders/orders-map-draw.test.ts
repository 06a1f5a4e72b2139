/** The open orders' map with a fake `google.maps` and a recording clusterer: markers, fitted view, grid 60, clicks, clean-up. */
import { afterEach, describe, expect, it, vi } from 'vitest';

const made = vi.hoisted(() => ({ grids: [] as object[], clusterers: [] as Record<string, unknown>[] }));

vi.mock('@googlemaps/markerclusterer', () => ({
  GridAlgorithm: class {
    constructor(opts: object) {
      made.grids.push(opts);
    }
  },
  MarkerClusterer: class {
    cleared = false;
    map: unknown;
    constructor(opts: Record<string, unknown>) {
      this.map = opts.map;
      made.clusterers.push(Object.assign(opts, { self: this }));
    }
    clearMarkers() {
      this.cleared = true;
    }
    setMap(m: unknown) {
      this.map = m;
    }
  },
}));

// Fresh modules: the fork may have loaded the real clusterer for an earlier file (vitest.config.ts: isolate false).
vi.resetModules();
const { drawMap, MAP_CLUSTERING } = await import('./orders-map-draw.ts');

function fakeMaps() {
  const calls = { maps: [] as object[], fitted: [] as object[], extended: [] as object[], markers: [] as FakeMarker[] };
  class FakeMarker {
    handlers: Record<string, () => void> = {};
    opts: { position: object; title: string };
    constructor(opts: { position: object; title: string }) {
      this.opts = opts;
      calls.markers.push(this);
    }
    addListener(event: string, f: () => void) {
      this.handlers[event] = f;
    }
  }
  const libs: Record<string, unknown> = {
    maps: {
      Map: class {
        constructor(_el: unknown, opts: object) {
          calls.maps.push(opts);
        }
        fitBounds(b: object) {
          calls.fitted.push(b);
        }
      },
    },
    core: {
      LatLngBounds: class {
        extend(p: object) {
          calls.extended.push(p);
        }
      },
    },
    marker: { AdvancedMarkerElement: FakeMarker },
  };
  vi.stubGlobal('window', { google: { maps: { importLibrary: async (name: string) => libs[name] } } });
  return calls;
}

const pin = (id: number, lat: number, lng: number) => ({
  id,
  number: `M2611-0000${id}`,
  status: 'paid' as const,
  city: 'الرياض',
  lat,
  lng,
});

describe('drawMap', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    made.grids.length = 0;
    made.clusterers.length = 0;
  });

  it('puts a marker per order, fits the view to them and clusters them on a grid of 60', async () => {
    const calls = fakeMaps();
    const opened: number[] = [];
    const pins = [pin(1, 24.7, 46.6), pin(2, 24.71, 46.61), pin(3, 21.5, 39.2)];
    const cleanup = await drawMap({} as HTMLElement, pins, { key: 'k', mapId: 'm' }, (id) => opened.push(id));

    expect(calls.maps).toEqual([expect.objectContaining({ mapId: 'm' })]);
    expect(calls.markers.map((m) => m.opts)).toEqual(
      pins.map((p) => ({ position: { lat: p.lat, lng: p.lng }, title: p.number })),
    );
    expect(calls.extended).toEqual(pins.map((p) => ({ lat: p.lat, lng: p.lng })));
    expect(calls.fitted).toHaveLength(1);
    expect(MAP_CLUSTERING).toEqual({ gridSize: 60, minimumClusterSize: 2 });
    expect(made.grids).toEqual([{ gridSize: 60 }]);
    const [clusterer] = made.clusterers;
    expect(clusterer!.markers).toEqual(calls.markers);
    expect(clusterer!.algorithm).toBeDefined();

    calls.markers[2]!.handlers['gmp-click']!();
    expect(opened).toEqual([3]);

    cleanup();
    const self = clusterer!.self as { cleared: boolean; map: unknown };
    expect(self.cleared).toBe(true);
    expect(self.map).toBeNull();
  });

  it('leaves the view on Riyadh when no order has a pin', async () => {
    const calls = fakeMaps();
    await drawMap({} as HTMLElement, [], { key: 'k', mapId: 'm' }, () => undefined);
    expect(calls.maps).toEqual([expect.objectContaining({ center: { lat: 24.7136, lng: 46.6753 } })]);
    expect(calls.fitted).toHaveLength(0);
    expect(made.clusterers[0]!.markers).toEqual([]);
  });
});
