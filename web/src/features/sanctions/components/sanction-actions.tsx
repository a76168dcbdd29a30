import { useState } from 'react';
import { Ban, Gavel, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SanctionType } from '@nomadswap/contracts/sanctions';
import { Button } from '../../../components/ui/button';
import { SanctionFormDialog, type SanctionTarget } from './sanction-form-dialog';

const ICONS = { warn: TriangleAlert, restrict: Gavel, suspend: Ban } as const;

/**
 * "Warn", "Restrict", "Suspend" buttons, each opening the sanction form with that type chosen (the admin's user
 * detail and a report card, where `reportId` ties the sanction to the report).
 */
export function SanctionActions({ target, reportId }: { target: SanctionTarget; reportId?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<SanctionType | null>(null);
  return (
    <>
      {(['warn', 'restrict', 'suspend'] as const).map((type) => {
        const Icon = ICONS[type];
        return (
          <Button
            key={type}
            size="sm"
            variant={type === 'suspend' ? 'destructive' : 'outline'}
            onClick={() => setOpen(type)}
          >
            <Icon aria-hidden="true" />
            {t(`sanctions.actions.${type}`)}
          </Button>
        );
      })}
      {open ? (
        <SanctionFormDialog
          open
          onClose={() => setOpen(null)}
          target={target}
          initialType={open}
          reportId={reportId}
        />
      ) : null}
    </>
  );
}
