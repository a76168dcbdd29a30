import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';

/** 'Account approved' (spec section 6), shown to approved users. */
export function ApprovalBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="success" className={className}>
      <BadgeCheck aria-hidden="true" />
      {t('account.approved')}
    </Badge>
  );
}
