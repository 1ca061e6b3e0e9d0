import type { Booking, PaymentMethod } from '@roomweek/contract';
import type { ChosenStay } from '@/lib/stay';

/** What every payment method's panel receives from the room page. */
export interface PaymentStepProps {
  /** The chosen stay, or null while dates are missing. */
  stay: ChosenStay | null;
  /**
   * Creates the booking with this payment method (docs/behaviour.md §4: pressing pay first creates a booking).
   * Resolves to null when it did not happen — guest sent to log in, dates missing, dates taken — the
   * room page has already told the user why.
   */
  beginBooking: (method: PaymentMethod) => Promise<Booking | null>;
  /** The balance the stay leaves to pay later, and by when (issue 28); null or absent: paid in one go. */
  balance?: { amount: number; dueDate: string } | null;
}

/** What the tabs hand each panel: the same, plus a way to drop a held booking that can no longer be paid. */
export interface PaymentPanelProps extends PaymentStepProps {
  forgetBooking?: () => void;
}

/** The payment panels' translator: their own strings, then `common` (where the API's `errors.<code>` live). */
export const PAYMENT_NAMESPACES = ['payments', 'common'] as const;
