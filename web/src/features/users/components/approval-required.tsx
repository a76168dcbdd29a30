import { useEffect } from 'react';
import { House, ShieldAlert } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@nomadswap/contracts/enums';
import { paths } from '../../../config/paths';
import { PageMessage } from '../../../components/page-message';
import { buttonVariants } from '../../../components/ui/button';
import { toast } from '../../../hooks/use-toast';

/**
 * Shown instead of another user's profile to viewers who are not approved (spec section 2, Public profile):
 * a warning toast, 'Approval Required', then home after 2 seconds.
 */
export function ApprovalRequired() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  useEffect(() => {
    toast({
      title: t('msg.approvalRequired'),
      description: t('msg.approvalRequiredProfiles'),
      variant: 'warning',
    });
    const timer = setTimeout(
      () => void navigate(paths.home, { replace: true }),
      LIMITS.unapprovedProfileRedirectMs,
    );
    return () => clearTimeout(timer);
  }, [navigate, t]);

  return (
    <PageMessage
      icon={ShieldAlert}
      tone="warning"
      title={t('msg.approvalRequired')}
      description={t('msg.approvalRequiredProfiles')}
    >
      <Link to={paths.home} className={buttonVariants({ variant: 'outline' })}>
        <House aria-hidden="true" />
        {t('errors.goHome')}
      </Link>
    </PageMessage>
  );
}
