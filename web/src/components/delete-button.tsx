import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-dialog';
import { Button } from './ui/button';
import { errorText } from '../i18n/message-text';
import { toast } from '../hooks/use-toast';

interface DeleteButtonProps {
  /** The button's accessible name, naming what it deletes ('Delete Ana Ribeiro'). */
  label: string;
  title: string;
  description: string;
  confirmLabel: string;
  /** Shown under 'Error' when the deletion fails without a reason of its own. */
  failedText: string;
  pending: boolean;
  /** Starts the deletion; call `settled` when it is over (either way), `failed` with the error if it failed. */
  onConfirm: (callbacks: { settled: () => void; failed: (error: unknown) => void }) => void;
}

/** A small destructive Delete that asks first (ConfirmDialog) and says 'Error' with the reason if it fails. */
export function DeleteButton({
  label,
  title,
  description,
  confirmLabel,
  failedText,
  pending,
  onConfirm,
}: DeleteButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const confirm = () =>
    onConfirm({
      settled: () => setOpen(false),
      failed: (error) =>
        toast({
          title: t('common.error'),
          description: errorText(t, error, failedText),
          variant: 'destructive',
        }),
    });

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="text-destructive hover:text-destructive"
        onClick={() => setOpen(true)}
        aria-label={label}
      >
        <Trash2 aria-hidden="true" />
        {t('common.delete')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={title}
        description={description}
        confirmLabel={confirmLabel}
        pendingLabel={t('common.deleting')}
        pending={pending}
        onConfirm={confirm}
      />
    </>
  );
}
