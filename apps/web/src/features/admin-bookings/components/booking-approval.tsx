import { APPROVAL_MESSAGE_MAX_LENGTH, awaitsApproval, type Booking } from '@roomweek/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { adminApi } from '@/features/admin-shell/lib/admin-api';
import { errorMessage } from '@/lib/error-message';
import { formatDate } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';
import { BookingDialog, DialogActions, TextNoteField } from './booking-dialog';

// On-site bookings waiting for the owner (docs/decisions/0029-on-site-bookings-need-proof.md): the owner's answer on
// the bookings screen. The setting is features/admin-settings/components/on-site-approval-setting.tsx.

type Answer = 'approve' | 'decline';

/** Accept or decline, with an optional message to the guest; shown on a booking waiting for approval only. */
export function ApprovalActions({ booking }: { booking: Booking }) {
  const { t } = useAdminTranslation();
  const [answer, setAnswer] = useState<Answer | null>(null);
  if (!awaitsApproval(booking)) return null;
  const id = booking.id.slice(0, 8);
  return (
    <>
      <Button size="sm" onClick={() => setAnswer('approve')} aria-label={t('approval.approveNamed', { id })}>
        <Check aria-hidden="true" />
        {t('approval.approve')}
      </Button>
      <Button variant="outline" size="sm" onClick={() => setAnswer('decline')} aria-label={t('approval.declineNamed', { id })}>
        <X aria-hidden="true" />
        {t('approval.decline')}
      </Button>
      <AnswerDialog booking={booking} answer={answer} onClose={() => setAnswer(null)} />
    </>
  );
}

function AnswerDialog({ booking, answer, onClose }: { booking: Booking; answer: Answer | null; onClose: () => void }) {
  const { t, i18n } = useAdminTranslation();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const send = useMutation({
    mutationFn: ({ verb, text }: { verb: Answer; text: string }) =>
      verb === 'approve' ? adminApi.approveBooking(booking.id, text || undefined) : adminApi.declineBooking(booking.id, text || undefined),
    onSuccess: (_, { verb }) => {
      toast.success(t(verb === 'approve' ? 'approval.approved' : 'approval.declined'));
      onClose();
      return Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.bookings }), queryClient.invalidateQueries({ queryKey: queryKeys.rooms })]);
    },
    onError: (error) => toast.error(errorMessage(t, error, 'approval.failed')),
  });
  const stay = { name: booking.user_name, start: formatDate(booking.start_date, i18n.language), end: formatDate(booking.end_date, i18n.language) };
  return (
    <BookingDialog
      open={answer !== null}
      onClose={onClose}
      className="max-w-md"
      title={t(answer === 'decline' ? 'approval.declineTitle' : 'approval.approveTitle')}
      description={t('approval.explain', stay)}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (answer) send.mutate({ verb: answer, text: message.trim() });
        }}
      >
        <TextNoteField
          label={t('approval.message')}
          hint={t('approval.messageHint')}
          name="message"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          maxLength={APPROVAL_MESSAGE_MAX_LENGTH}
        />
        <DialogActions backLabel={t('approval.back')} onBack={onClose}>
          <Button type="submit" variant={answer === 'decline' ? 'destructive' : 'default'} disabled={send.isPending}>
            {t(answer === 'decline' ? 'approval.declineConfirm' : 'approval.approveConfirm')}
          </Button>
        </DialogActions>
      </form>
    </BookingDialog>
  );
}
