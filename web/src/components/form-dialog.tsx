import { useRef, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './ui/dialog';

interface FormDialogProps {
  open: boolean;
  /** Asked to close (Cancel, Escape, the overlay); ignored while the form is being sent. */
  onClose: () => void;
  title: string;
  description: ReactNode;
  onSubmit: () => void;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The dismiss button's text; `common.cancel` unless the action itself is called Cancel. */
  cancelLabel?: string;
  /** A destructive form (cancelling a swap): an alert dialog whose dismiss button has the focus first. */
  destructive?: boolean;
  /** Why the last submit was refused (the server's text): shown above the buttons, read out at once. */
  error?: string;
  children: ReactNode;
}

/**
 * A small form in a dialog: title and description, the fields, then Cancel and the submit button. It stays open
 * while the form is sent; the caller closes it on success.
 */
export function FormDialog({
  open,
  onClose,
  title,
  description,
  onSubmit,
  submitLabel,
  pendingLabel,
  pending,
  cancelLabel,
  destructive = false,
  error,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next || pending ? undefined : onClose())}>
      <DialogContent
        role={destructive ? 'alertdialog' : 'dialog'}
        onOpenAutoFocus={
          destructive
            ? (event) => {
                event.preventDefault();
                cancelRef.current?.focus();
              }
            : undefined
        }
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          {children}
          {error ? (
            <p
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-destructive"
            >
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button ref={cancelRef} variant="outline" disabled={pending} onClick={onClose}>
              {cancelLabel ?? t('common.cancel')}
            </Button>
            <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={pending}>
              {pending ? pendingLabel : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
