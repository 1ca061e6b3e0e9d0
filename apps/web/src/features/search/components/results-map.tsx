import { divIcon, latLngBounds } from 'leaflet';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Marker, Popup } from 'react-leaflet';
import { SiteMap } from '@/components/map/site-map';

export interface MapResult {
  id: string;
  latitude: number;
  longitude: number;
  /** The marker's text: the stay's total, or the price per week. */
  price: string;
  /** The room and its property, for the marker's name and its popup. */
  title: string;
  to: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** A price on a white label, as every booking site marks its results. */
const priceIcon = (price: string) =>
  divIcon({
    className: '',
    html: `<span class="inline-block -translate-x-1/2 -translate-y-full rounded-full border border-stone-300 bg-white px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-stone-900 shadow">${escapeHtml(price)}</span>`,
    iconSize: [0, 0],
  });

/** The results with coordinates on the site's map, each marked by its price (loaded when the visitor shows the map). */
export default function ResultsMap({ results, label, tileUrl }: { results: MapResult[]; label: string; tileUrl: string }) {
  const bounds = useMemo(
    () => (results.length > 0 ? latLngBounds(results.map((result) => [result.latitude, result.longitude])) : undefined),
    [results],
  );
  return (
    <SiteMap label={label} tileUrl={tileUrl} bounds={bounds}>
      {results.map((result) => (
        <Marker key={result.id} position={[result.latitude, result.longitude]} icon={priceIcon(result.price)} title={`${result.title} · ${result.price}`}>
          <Popup>
            <Link to={result.to} className="font-semibold text-brand-700 underline">
              {result.title}
            </Link>
            <br />
            {result.price}
          </Popup>
        </Marker>
      ))}
    </SiteMap>
  );
}
