import { DEFAULT_MAX_GUESTS, MAX_GUESTS, MIN_GUESTS, type Property, type Room } from '@roomweek/contract';
import { useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { toast } from '@/lib/toast';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useAmenityVocabulary, useSaveRoom } from '../api/catalogue';
import { roomForm, roomMessages } from '../lib/catalogue-forms';
import { feesValues, roomFeesDraftOf } from '../lib/fees-taxes-draft';
import { AmenitiesEditor } from './amenities-editor';
import { PhotosAndSave } from './photos-and-save';
import { RoomFeesFields } from './room-fees-fields';
import { StayTermsFields, stayTermsDraftOf } from './stay-terms-fields';

const draftOf = (room: Room | null, properties: readonly Property[]) => ({
  // A new room goes to the only property when there is just one.
  property_id: room?.property_id ?? (properties.length === 1 ? (properties[0]?.id ?? '') : ''),
  room_number: room?.room_number ?? '',
  price_per_week: room ? String(room.price_per_week) : '',
  max_guests: String(room?.max_guests ?? DEFAULT_MAX_GUESTS),
  // As stored (an admin read's amenity_keys): vocabulary keys and free text (docs/behaviour.md §15).
  amenities: room?.amenity_keys ?? room?.amenities ?? [],
  photos: room?.photos ?? [],
  ...stayTermsDraftOf(room),
  // Its own fees, or its property's (docs/behaviour.md §18).
  ...roomFeesDraftOf(room),
});

/**
 * docs/behaviour.md §2 room dialog: property, number, price per week, how many guests it takes (1–30), amenities, photos, the stay terms of §11
 * (rules, seasons, long-stay discounts) and its own fees or its property's (§18); cancel and save.
 */
export function RoomDialog({
  open,
  onOpenChange,
  room,
  properties,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  room: Room | null;
  properties: readonly Property[];
}) {
  const { t } = useAdminTranslation();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-w-2xl"
      title={room ? t('rooms.form.editTitle') : t('rooms.form.addTitle')}
      description={t('rooms.form.description')}
    >
      <RoomForm room={room} properties={properties} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function RoomForm({ room, properties, onDone }: { room: Room | null; properties: readonly Property[]; onDone: () => void }) {
  const { t } = useAdminTranslation();
  const save = useSaveRoom();
  const vocabulary = useAmenityVocabulary();
  const [draft, setDraft] = useState(() => draftOf(room, properties));

  const set = (field: 'property_id' | 'room_number' | 'price_per_week' | 'max_guests') => (value: string) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const form = useMutationForm({
    schema: roomForm,
    messages: roomMessages,
    t,
    values: () => {
      const { own_fees, fees, ...rest } = draft;
      return { ...rest, fees: own_fees ? feesValues(fees) : null };
    },
    mutation: save,
    variables: (input) => ({ id: room?.id ?? null, input }),
    onSaved: () => {
      toast.success(room ? t('rooms.toasts.updated') : t('rooms.toasts.created'));
      onDone();
    },
    failedKey: 'rooms.toasts.saveFailed',
    fieldOfCode: { room_number_taken: 'room_number' },
  });
  const { errors } = form;

  const busy = save.isPending;
  return (
    <form noValidate onSubmit={form.onSubmit} className="grid gap-4 sm:grid-cols-2" aria-busy={busy}>
      <FormField label={t('rooms.form.property')} error={errors.property_id} className="sm:col-span-2">
        {(control) => (
          <NativeSelect
            {...control}
            name="property_id"
            value={draft.property_id}
            onChange={(event) => set('property_id')(event.target.value)}
            required
          >
            <option value="">{t('rooms.form.chooseProperty')}</option>
            {properties.map((property) => (
              <option key={property.id} value={property.id}>
                {property.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField
        label={t('rooms.form.number')}
        name="room_number"
        value={draft.room_number}
        onChange={(event) => set('room_number')(event.target.value)}
        required
        maxLength={50}
        placeholder="101"
        error={errors.room_number}
      />
      <FormField
        label={t('rooms.form.price')}
        name="price_per_week"
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        value={draft.price_per_week}
        onChange={(event) => set('price_per_week')(event.target.value)}
        required
        placeholder="350.00"
        error={errors.price_per_week}
      />
      <FormField
        label={t('rooms.form.maxGuests')}
        name="max_guests"
        type="number"
        inputMode="numeric"
        min={MIN_GUESTS}
        max={MAX_GUESTS}
        step={1}
        value={draft.max_guests}
        onChange={(event) => set('max_guests')(event.target.value)}
        required
        hint={t('rooms.form.maxGuestsHint')}
        error={errors.max_guests}
      />
      <div className="sm:col-span-2">
        <AmenitiesEditor
          amenities={draft.amenities}
          vocabulary={vocabulary.data ?? []}
          onChange={(amenities) => setDraft((current) => ({ ...current, amenities }))}
          disabled={busy}
        />
      </div>
      <RoomFeesFields
        own={draft.own_fees}
        fees={draft.fees}
        propertyFees={properties.find((property) => property.id === draft.property_id)?.fees ?? []}
        onChange={(change) => setDraft((current) => ({ ...current, ...change }))}
        error={errors.fees}
      />
      <StayTermsFields draft={draft} onChange={(update) => setDraft((current) => ({ ...current, ...update(current) }))} errors={errors} disabled={busy} />
      <PhotosAndSave
        label={t('rooms.form.photos')}
        photos={draft.photos}
        onPhotosChange={(update) => setDraft((current) => ({ ...current, photos: update(current.photos) }))}
        busy={busy}
        onCancel={onDone}
      />
    </form>
  );
}
