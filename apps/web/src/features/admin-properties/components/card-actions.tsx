import { Pencil, Trash2 } from 'lucide-react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { useAdminTranslation } from '@/features/admin-shell/lib/use-admin-translation';

export interface CardActionsProps {
  /** The buttons' accessible names, naming the property or room. */
  editLabel: string;
  deleteLabel: string;
  /** The confirm prompt before deleting (archiving, decision 0003). */
  deleteTitle: string;
  deleteDescription: string;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/** A property's or a room's card buttons: edit, and delete after a confirm prompt. */
export function CardActions({ editLabel, deleteLabel, deleteTitle, deleteDescription, deleting, onEdit, onDelete }: CardActionsProps) {
  const { t } = useAdminTranslation();
  return (
    <div className="mt-auto flex gap-2 pt-3">
      <Button variant="outline" size="sm" onClick={onEdit} aria-label={editLabel}>
        <Pencil aria-hidden="true" />
        {t('shared.edit')}
      </Button>
      <ConfirmDialog
        trigger={
          <Button variant="outline" size="sm" disabled={deleting} className="text-red-700 hover:bg-red-50" aria-label={deleteLabel}>
            <Trash2 aria-hidden="true" />
            {t('shared.delete')}
          </Button>
        }
        title={deleteTitle}
        description={deleteDescription}
        confirmLabel={t('shared.delete')}
        destructive
        onConfirm={onDelete}
      />
    </div>
  );
}
