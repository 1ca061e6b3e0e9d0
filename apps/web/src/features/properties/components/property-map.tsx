import 'leaflet/dist/leaflet.css';
import { icon } from 'leaflet';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { MapContainer, Marker, Popup, TileLayer } from 'react-leaflet';

/** docs/behaviour.md §9 map defaults: Brussels when a property has no coordinates, zoom 13, wheel zoom off. */
export const DEFAULT_CENTER: [number, number] = [50.85, 4.35];
export const DEFAULT_ZOOM = 13;

// Bundlers rename Leaflet's marker images, so the default icon cannot find them by itself.
const markerPin = icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

export interface PropertyMapProps {
  latitude: number | null;
  longitude: number | null;
  name: string;
  location: string;
  tileUrl: string;
  label: string;
}

/** Loaded lazily: Leaflet and its CSS are only fetched by pages that show a map. */
export default function PropertyMap({ latitude, longitude, name, location, tileUrl, label }: PropertyMapProps) {
  const hasPosition = latitude !== null && longitude !== null;
  const center: [number, number] = hasPosition ? [latitude, longitude] : DEFAULT_CENTER;
  return (
    <div role="region" aria-label={label} className="isolate overflow-hidden rounded-2xl border border-stone-200">
      <MapContainer center={center} zoom={DEFAULT_ZOOM} scrollWheelZoom={false} className="h-72 w-full sm:h-96">
        <TileLayer
          url={tileUrl}
          attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
        />
        {hasPosition ? (
          <Marker position={center} icon={markerPin} alt={name}>
            <Popup>
              <strong>{name}</strong>
              <br />
              {location}
            </Popup>
          </Marker>
        ) : null}
      </MapContainer>
    </div>
  );
}
