import { Flag } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { UserPublic } from '@nomadswap/contracts/responses';
import { paths } from '../../../config/paths';
import { rememberReportedUser } from '../../../lib/report-hint';
import { Button } from '../../../components/ui/button';

/** Report User: leaves the reported user's id, name and username for the report form, then opens it. */
export function ReportUserButton({ user }: { user: UserPublic }) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const onClick = () => {
    rememberReportedUser({ id: user.id, fullName: user.fullName, username: user.username });
    void navigate(paths.reportIssue);
  };

  return (
    <Button variant="outline" size="sm" onClick={onClick}>
      <Flag aria-hidden="true" />
      {t('profile.reportUser')}
    </Button>
  );
}
