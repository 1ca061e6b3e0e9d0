import { LoaderCircle } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { PasswordField } from '@/components/credential-fields';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

export interface PasswordConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** What happens, said before the password is asked (a list of consequences). */
  children?: ReactNode;
  passwordLabel: string;
  /** Shown under the field when it is left empty. */
  requiredMessage: string;
  confirmLabel: string;
  cancelLabel: string;
  /** The request is on its way: the buttons wait. */
  pending: boolean;
  /** The server's refusal (a wrong password…), shown under the field. */
  error?: string | undefined;
  onConfirm: (password: string) => void;
}

/**
 * A destructive action confirmed with the account's password (deleting an account, anonymising a guest): it says
 * what will happen, asks the password, and stays open with the refusal under the field until it succeeds or is
 * cancelled. The password is forgotten when the dialog closes.
 */
export function PasswordConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  passwordLabel,
  requiredMessage,
  confirmLabel,
  cancelLabel,
  pending,
  error,
  onConfirm,
}: PasswordConfirmDialogProps) {
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);

  const change = (next: boolean) => {
    if (pending) return;
    if (!next) {
      setPassword('');
      setMissing(false);
    }
    onOpenChange(next);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setMissing(true);
      return;
    }
    setMissing(false);
    onConfirm(password);
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-busy={pending}>
          <PasswordField
            label={passwordLabel}
            name="current_password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            maxLength={200}
            error={missing ? requiredMessage : error}
          />
          <DialogFooter>
            <Button variant="outline" onClick={() => change(false)} disabled={pending}>
              {cancelLabel}
            </Button>
            <Button type="submit" variant="destructive" disabled={pending}>
              {pending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
