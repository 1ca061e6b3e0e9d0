import type { Property } from '@roomweek/contract';
import { BedDouble, Building2, MapPin, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { Photo } from '@/components/photo';
import { LoadFailedView } from '@/components/status-view';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PhotoCardSkeleton } from '@/components/photo-card-skeleton';
import { Skeleton } from '@/components/ui/skeleton';
import { useProperties, useRooms } from '@/features/admin-shell/api/admin-queries';
import { AdminPage } from '@/features/admin-shell/components/admin-page';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { useTextLang } from '@/lib/content-language';
import { toast } from '@/lib/toast';
import { useDeleteProperty } from '../api/catalogue';
import { CardActions } from '../components/card-actions';
import { PropertyDialog } from '../components/property-dialog';
import { useDeleteErrorToast } from '../lib/use-delete-error-toast';

/** docs/behaviour.md §2 admin properties: grid of cards, add/edit dialog, delete with confirm. */
export default function PropertiesPage() {
  const { t } = useAdminTranslation();
  const properties = useProperties();
  const rooms = useRooms();
  const [editing, setEditing] = useState<{ property: Property | null } | null>(null);
  const deleteFailed = useDeleteErrorToast();
  // Here rather than in the card: the card unmounts when the list refreshes, and its callbacks with it.
  const remove = useDeleteProperty();

  const onDelete = (property: Property) =>
    remove.mutate(property.id, {
      onSuccess: () => toast.success(t('properties.toasts.deleted', { name: property.name })),
      onError: (error) =>
        deleteFailed(error, { blockedCode: 'property_has_bookings', blockedKey: 'properties.deleteBlocked', failedKey: 'properties.toasts.deleteFailed' }),
    });

  const roomsPerProperty = useMemo(() => {
    const counts = new Map<string, number>();
    for (const room of rooms.data ?? []) counts.set(room.property_id, (counts.get(room.property_id) ?? 0) + 1);
    return counts;
  }, [rooms.data]);

  return (
    <AdminPage
      title={t('properties.title')}
      description={t('properties.subtitle')}
      actions={
        <Button onClick={() => setEditing({ property: null })}>
          <Plus aria-hidden="true" />
          {t('properties.add')}
        </Button>
      }
    >
      {properties.isPending ? (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {[0, 1, 2].map((key) => (
            <PropertyCardSkeleton key={key} />
          ))}
        </div>
      ) : properties.isError ? (
        <LoadFailedView t={t} query={properties} failedKey="properties.loadFailed" />
      ) : properties.data.length === 0 ? (
        <EmptyState icon={Building2} message={t('properties.empty')}>
          <Button onClick={() => setEditing({ property: null })}>
            <Plus aria-hidden="true" />
            {t('properties.add')}
          </Button>
        </EmptyState>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {properties.data.map((property) => (
            <li key={property.id}>
              <PropertyCard
                property={property}
                roomsCreated={rooms.data ? (roomsPerProperty.get(property.id) ?? 0) : undefined}
                onEdit={() => setEditing({ property })}
                onDelete={() => onDelete(property)}
                deleting={remove.isPending && remove.variables === property.id}
              />
            </li>
          ))}
        </ul>
      )}
      <PropertyDialog
        open={editing !== null}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        property={editing?.property ?? null}
      />
    </AdminPage>
  );
}

function PropertyCard({
  property,
  roomsCreated,
  onEdit,
  onDelete,
  deleting,
}: {
  property: Property;
  roomsCreated: number | undefined;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  const { t } = useAdminTranslation();
  const textLang = useTextLang();
  const titleId = `property-${property.id}`;

  return (
    <Card className="flex h-full flex-col overflow-hidden" role="article" aria-labelledby={titleId}>
      <Photo src={property.photos[0]} alt={property.name} className="aspect-[4/3] w-full" width={480} height={360} sizes="480px" />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h2 id={titleId} lang={textLang(property.text_languages?.name)} className="text-lg font-semibold">
          {property.name}
        </h2>
        <p className="flex items-center gap-1.5 text-sm text-stone-600">
          <MapPin aria-hidden="true" className="size-4 shrink-0" />
          <span lang={textLang(property.text_languages?.location)}>{property.location}</span>
        </p>
        <p lang={textLang(property.text_languages?.description)} className="line-clamp-2 text-sm text-stone-600">
          {property.description}
        </p>
        <p className="flex items-center gap-1.5 text-sm text-stone-700">
          <BedDouble aria-hidden="true" className="size-4 shrink-0" />
          {t('properties.roomCount', { count: property.room_count })}
          {roomsCreated !== undefined ? (
            <span className="text-stone-500">· {t('properties.roomsCreated', { count: roomsCreated })}</span>
          ) : null}
        </p>
        <p className="text-xs text-stone-500">
          {t('properties.photoCount', { count: property.photos.length })} ·{' '}
          {property.latitude !== null && property.longitude !== null
            ? t('properties.onMap')
            : t('properties.notOnMap')}
        </p>
        <CardActions
          editLabel={t('properties.editNamed', { name: property.name })}
          deleteLabel={t('properties.deleteNamed', { name: property.name })}
          deleteTitle={t('properties.deleteConfirm')}
          deleteDescription={t('properties.deleteExplain', { name: property.name })}
          deleting={deleting}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      </div>
    </Card>
  );
}

function PropertyCardSkeleton() {
  return (
    <PhotoCardSkeleton gap="gap-2">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-10 w-full" />
    </PhotoCardSkeleton>
  );
}
