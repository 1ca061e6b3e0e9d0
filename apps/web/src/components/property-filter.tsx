import { cn } from '@/lib/cn';

/** A row of pressable chips: every property, or one (an admin screen's filter). */
export function PropertyFilter({
  label,
  allLabel,
  properties,
  value,
  onChange,
}: {
  /** The group's accessible name. */
  label: string;
  allLabel: string;
  properties: readonly { id: string; name: string }[];
  /** The chosen property's id; null: all of them. */
  value: string | null;
  onChange: (propertyId: string | null) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      <Chip pressed={value === null} onClick={() => onChange(null)}>
        {allLabel}
      </Chip>
      {properties.map((property) => (
        <Chip key={property.id} pressed={value === property.id} onClick={() => onChange(property.id)}>
          {property.name}
        </Chip>
      ))}
    </div>
  );
}

function Chip({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'rounded-full border px-4 py-1.5 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        pressed ? 'border-brand-600 bg-brand-600 text-white' : 'border-stone-300 bg-white text-stone-700 hover:border-brand-500 hover:text-brand-700',
      )}
    >
      {children}
    </button>
  );
}
