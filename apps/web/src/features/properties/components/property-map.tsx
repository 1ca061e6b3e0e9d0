import { icon } from 'leaflet';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { Marker, Popup } from 'react-leaflet';
import { DEFAULT_CENTER, SiteMap } from '@/components/map/site-map';

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
    <SiteMap label={label} tileUrl={tileUrl} center={center}>
      {hasPosition ? (
        <Marker position={center} icon={markerPin} alt={name}>
          <Popup>
            <strong>{name}</strong>
            <br />
            {location}
          </Popup>
        </Marker>
      ) : null}
    </SiteMap>
  );
}
