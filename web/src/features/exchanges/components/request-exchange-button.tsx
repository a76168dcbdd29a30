import { lazy, Suspense, useState } from 'react';
import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import type { RequestExchangeDialogProps } from './request-exchange-dialog';

const loadDialog = () => import('./request-exchange-dialog');
const RequestExchangeDialog = lazy(loadDialog);

/**
 * "Request this item" beside Message Owner: a message and, optionally, up to EXCHANGE_LIMITS.offeredItemsMax of
 * the viewer's own available items offered in return. The request appears in the chat as a card. The form is
 * fetched when the pointer or focus reaches the button (the item page's first load does not carry it, issue 25).
 */
export function RequestExchangeButton({ item, ownerName, ownItems }: RequestExchangeDialogProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="lg"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
      >
        <Send aria-hidden="true" />
        {t('exchanges.request.button')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <RequestExchangeDialog
            item={item}
            ownerName={ownerName}
            ownItems={ownItems}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
