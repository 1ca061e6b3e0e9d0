import 'leaflet/dist/leaflet.css';
import type { LatLngBoundsExpression } from 'leaflet';
import type { ReactNode } from 'react';
import { MapContainer, TileLayer } from 'react-leaflet';

/** docs/behaviour.md §9 map defaults: Brussels when nothing has coordinates, zoom 13, wheel zoom off. */
export const DEFAULT_CENTER: [number, number] = [50.85, 4.35];
export const DEFAULT_ZOOM = 13;

export interface SiteMapProps {
  /** The map's name, for screen readers. */
  label: string;
  tileUrl: string;
  center?: [number, number];
  /** Shown whole (several places): wins over `center`. */
  bounds?: LatLngBoundsExpression | undefined;
  children?: ReactNode;
}

/**
 * The site's Leaflet map (the property's place, the search's results): import it only from a lazily loaded module, so
 * Leaflet and its CSS are fetched by the pages that show a map, when they show it.
 */
export function SiteMap({ label, tileUrl, center = DEFAULT_CENTER, bounds, children }: SiteMapProps) {
  return (
    <div role="region" aria-label={label} className="isolate overflow-hidden rounded-2xl border border-stone-200">
      <MapContainer
        center={bounds ? undefined : center}
        zoom={bounds ? undefined : DEFAULT_ZOOM}
        bounds={bounds}
        boundsOptions={{ padding: [32, 32], maxZoom: 15 }}
        scrollWheelZoom={false}
        className="h-72 w-full sm:h-96"
      >
        <TileLayer url={tileUrl} attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors' />
        {children}
      </MapContainer>
    </div>
  );
}
