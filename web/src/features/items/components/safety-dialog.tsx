import type { ParseKeys } from 'i18next';
import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { Button, buttonVariants } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';

const TIPS: ParseKeys[] = [
  'itemDetail.safety.tips.public',
  'itemDetail.safety.tips.daylight',
  'itemDetail.safety.tips.inspect',
  'itemDetail.safety.tips.tell',
  'itemDetail.safety.tips.instincts',
];

/** 'Safety First' before the first message to an owner (spec section 2, Item detail). */
export function SafetyDialog({
  open,
  onOpenChange,
  ownerId,
  itemId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  ownerId: string;
  /** The chat opens with this item as its context. */
  itemId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
            {t('itemDetail.safety.title')}
          </DialogTitle>
          <DialogDescription>{t('itemDetail.safety.intro')}</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-2 text-sm" aria-label={t('itemDetail.safety.tipsLabel')}>
          {TIPS.map((key) => (
            <li key={key} className="flex gap-2">
              <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              {t(key)}
            </li>
          ))}
        </ul>
        <p className="text-sm">
          <Link to={paths.safetyGuidelines} className="font-medium text-primary underline underline-offset-2">
            {t('itemDetail.safety.guidelines')}
          </Link>
        </p>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Link to={paths.messagesWith(ownerId, itemId)} className={buttonVariants()}>
            {t('itemDetail.safety.continue')}
          </Link>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
