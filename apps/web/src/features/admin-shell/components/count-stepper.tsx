import { Minus, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { FieldControlProps } from '@/components/form-field';

export interface CountStepperProps {
  /** The field's wiring from FormField (its label, hint and error). */
  control: FieldControlProps;
  name: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  /** The buttons' accessible names ("Fewer adults", "More adults"). */
  fewerLabel: string;
  moreLabel: string;
  disabled?: boolean;
}

/** A whole number between `min` and `max`: − and + buttons around a number field that may also be typed in. */
export function CountStepper({ control, name, value, min, max, onChange, fewerLabel, moreLabel, disabled }: CountStepperProps) {
  const clamp = (next: number) => Math.min(max, Math.max(min, next));
  return (
    <div className="flex items-center gap-2">
      <Button type="button" variant="outline" size="icon" aria-label={fewerLabel} disabled={disabled || value <= min} onClick={() => onChange(clamp(value - 1))}>
        <Minus aria-hidden="true" />
      </Button>
      <Input
        {...control}
        name={name}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        className="w-16 text-center tabular-nums"
        value={value}
        disabled={disabled}
        onChange={(event) => {
          const typed = Number.parseInt(event.target.value, 10);
          if (!Number.isNaN(typed)) onChange(clamp(typed));
        }}
      />
      <Button type="button" variant="outline" size="icon" aria-label={moreLabel} disabled={disabled || value >= max} onClick={() => onChange(clamp(value + 1))}>
        <Plus aria-hidden="true" />
      </Button>
    </div>
  );
}
