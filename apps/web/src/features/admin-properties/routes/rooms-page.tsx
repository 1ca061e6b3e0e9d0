import type { Property, Room } from '@roomweek/contract';
import { BedDouble, Plus } from 'lucide-react';
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
import { RoomTerms } from '@/features/admin-shell/components/room-terms';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { useTextLang } from '@/lib/content-language';
import { formatPrice } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useDeleteRoom } from '../api/catalogue';
import { CardActions } from '../components/card-actions';
import { RoomDialog } from '../components/room-dialog';
import { useDeleteErrorToast } from '../lib/use-delete-error-toast';

/** docs/behaviour.md §9: a room card shows 3 amenities, then a "+N" count. */
export const AMENITIES_SHOWN = 3;

const byPropertyThenNumber = (names: Map<string, string>) => (a: Room, b: Room) =>
  (names.get(a.property_id) ?? '').localeCompare(names.get(b.property_id) ?? '') ||
  a.room_number.localeCompare(b.room_number, undefined, { numeric: true });

/** docs/behaviour.md §2 admin rooms: add-room dialog, skeletons, empty message, room cards with edit and delete. */
export default function RoomsPage() {
  const { t } = useAdminTranslation();
  const rooms = useRooms();
  const properties = useProperties();
  const [editing, setEditing] = useState<{ room: Room | null } | null>(null);
  const deleteFailed = useDeleteErrorToast();
  // Here rather than in the card: the card unmounts when the list refreshes, and its callbacks with it.
  const remove = useDeleteRoom();

  const onDelete = (room: Room) =>
    remove.mutate(room.id, {
      onSuccess: () => toast.success(t('rooms.toasts.deleted')),
      onError: (error) =>
        deleteFailed(error, { blockedCode: 'room_has_bookings', blockedKey: 'rooms.deleteBlocked', failedKey: 'rooms.toasts.deleteFailed' }),
    });

  const propertyNames = useMemo(
    () => new Map((properties.data ?? []).map((property) => [property.id, property.name])),
    [properties.data],
  );
  const sorted = useMemo(
    () => (rooms.data ? [...rooms.data].sort(byPropertyThenNumber(propertyNames)) : []),
    [rooms.data, propertyNames],
  );
  const noProperty = properties.data?.length === 0;

  return (
    <AdminPage
      title={t('rooms.title')}
      description={t('rooms.subtitle')}
      actions={
        <Button onClick={() => setEditing({ room: null })} disabled={!properties.data || noProperty}>
          <Plus aria-hidden="true" />
          {t('rooms.add')}
        </Button>
      }
    >
      {noProperty ? <p className="text-sm text-amber-800">{t('rooms.needProperty')}</p> : null}
      {rooms.isPending ? (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" data-testid="rooms-loading">
          {[0, 1, 2, 3, 4, 5].map((key) => (
            <RoomCardSkeleton key={key} />
          ))}
        </div>
      ) : rooms.isError ? (
        <LoadFailedView t={t} query={rooms} failedKey="rooms.loadFailed" />
      ) : sorted.length === 0 ? (
        <EmptyState icon={BedDouble} message={t('rooms.empty')} />
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {sorted.map((room) => (
            <li key={room.id}>
              <RoomCard
                room={room}
                propertyName={propertyNames.get(room.property_id)}
                onEdit={() => setEditing({ room })}
                onDelete={() => onDelete(room)}
                deleting={remove.isPending && remove.variables === room.id}
              />
            </li>
          ))}
        </ul>
      )}
      <RoomDialog
        open={editing !== null}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        room={editing?.room ?? null}
        properties={properties.data ?? ([] as Property[])}
      />
    </AdminPage>
  );
}

export function RoomCard({
  room,
  propertyName,
  onEdit,
  onDelete,
  deleting,
}: {
  room: Room;
  propertyName: string | undefined;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  const { t, i18n } = useAdminTranslation();
  const textLang = useTextLang();
  const titleId = `room-${room.id}`;
  const shown = room.amenities.slice(0, AMENITIES_SHOWN);
  const more = room.amenities.length - shown.length;

  return (
    <Card className="flex h-full flex-col overflow-hidden" role="article" aria-labelledby={titleId}>
      <Photo
        src={room.photos[0]}
        alt={t('rooms.photoAlt', { number: room.room_number })}
        className="aspect-[4/3] w-full"
        width={480}
        height={360}
        sizes="480px"
      />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <div className="flex items-start justify-between gap-2">
          <h2 id={titleId} className="text-lg font-semibold">
            {t('rooms.cardTitle', { number: room.room_number })}
          </h2>
          <p className="text-right font-semibold whitespace-nowrap">
            {formatPrice(room.price_per_week, i18n.language)}
            <span className="text-sm font-normal text-stone-500"> {t('common.perWeek')}</span>
          </p>
        </div>
        <p className="text-sm text-stone-600">{propertyName ?? t('rooms.unknownProperty')}</p>
        {room.amenities.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label={t('rooms.amenitiesLabel')}>
            {shown.map((amenity, index) => (
              <li
                key={amenity}
                lang={textLang(room.text_languages?.amenities[index])}
                className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs text-stone-700"
              >
                {amenity}
              </li>
            ))}
            {more > 0 ? (
              <li
                className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700"
                title={room.amenities.slice(AMENITIES_SHOWN).join(', ')}
              >
                <span aria-hidden="true">+{more}</span>
                <span className="sr-only">{t('rooms.moreAmenities', { count: more })}</span>
              </li>
            ) : null}
          </ul>
        ) : (
          <p className="text-xs text-stone-500">{t('rooms.noAmenities')}</p>
        )}
        <RoomTerms room={room} />
        <CardActions
          editLabel={t('rooms.editNamed', { number: room.room_number })}
          deleteLabel={t('rooms.deleteNamed', { number: room.room_number })}
          deleteTitle={t('rooms.deleteConfirm')}
          deleteDescription={t('rooms.deleteExplain')}
          deleting={deleting}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      </div>
    </Card>
  );
}

function RoomCardSkeleton() {
  return (
    <PhotoCardSkeleton gap="gap-2">
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-4 w-1/3" />
        <div className="flex gap-1.5">
          <Skeleton className="h-5 w-14 rounded-full" />
          <Skeleton className="h-5 w-14 rounded-full" />
          <Skeleton className="h-5 w-14 rounded-full" />
        </div>
    </PhotoCardSkeleton>
  );
}
