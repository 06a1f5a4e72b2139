/**
 * Drawing the open service orders on a Google map, apart from React: one advanced marker per order
 * (a click opens it), the view fitted to them, and the markers clustered by @googlemaps/markerclusterer's
 * grid algorithm as the spec says (section 9: grid size 60, minimum cluster size 2). The Maps script
 * comes through the site's bootstrap (`google.maps.importLibrary`); the clusterer loads with it, so a
 * page without a maps key never downloads it. Tested with a fake `google.maps` in orders-map-draw.test.ts.
 */
import type { ServiceOrderStatus } from '@pool/contracts/maintenance';
import { installMapsBootstrap, RIYADH } from '../../../components/map-picker-maps.ts';

/** Spec section 9. A cluster of one marker is the marker itself, so clusters start at 2. */
export const MAP_CLUSTERING = { gridSize: 60, minimumClusterSize: 2 } as const;

export type MapOrder = {
  id: number;
  number: string;
  status: ServiceOrderStatus;
  city: string | null;
  lat: number | null;
  lng: number | null;
};
export type Pin = MapOrder & { lat: number; lng: number };

type MapsApi = {
  maps: { Map: new (el: HTMLElement, opts: object) => { fitBounds(b: object): void } };
  core: { LatLngBounds: new () => { extend(p: { lat: number; lng: number }): void } };
  marker: { AdvancedMarkerElement: new (opts: object) => { addListener(e: string, f: () => void): void } };
};

export async function drawMap(
  el: HTMLElement,
  pins: Pin[],
  opts: { key: string; mapId: string; nonce?: string },
  open: (id: number) => void,
) {
  installMapsBootstrap({ key: opts.key, lang: 'ar', nonce: opts.nonce });
  const load = (name: string) => window.google!.maps!.importLibrary!(name);
  const [maps, core, marker, clusterer] = await Promise.all([
    load('maps'),
    load('core'),
    load('marker'),
    import('@googlemaps/markerclusterer'),
  ]);
  const api = { maps, core, marker } as MapsApi;
  const map = new api.maps.Map(el, {
    center: RIYADH,
    zoom: 6,
    mapId: opts.mapId,
    streetViewControl: false,
    mapTypeControl: false,
  });
  const bounds = new api.core.LatLngBounds();
  const markers = pins.map((p) => {
    bounds.extend({ lat: p.lat, lng: p.lng });
    const m = new api.marker.AdvancedMarkerElement({ position: { lat: p.lat, lng: p.lng }, title: p.number });
    m.addListener('gmp-click', () => open(p.id));
    return m;
  });
  if (pins.length > 0) map.fitBounds(bounds);
  const cluster = new clusterer.MarkerClusterer({
    map: map as never,
    markers: markers as never[],
    algorithm: new clusterer.GridAlgorithm({ gridSize: MAP_CLUSTERING.gridSize }),
  });
  return () => {
    cluster.clearMarkers();
    (cluster as unknown as { setMap(m: null): void }).setMap(null);
  };
}
