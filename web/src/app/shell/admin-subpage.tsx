import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { usePageMeta } from '../../hooks/use-page-meta';
import { PageSkeleton } from '../../components/page-skeleton';
import { SubpageLayout } from '../../components/subpage-layout';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { AccessDenied } from '../../features/admin/components/access-denied';

/**
 * An admin page one level below the dashboard (all users, the report queue, the audit log): `title` names the
 * page and the tab, anyone but an admin gets 'Access Denied', and `children` gets the signed-in admin's id.
 */
export function AdminSubpage(props: {
  title: string;
  wide?: boolean;
  children: (adminId: string) => ReactNode;
}) {
  const { t } = useTranslation();
  usePageMeta({ title: props.title });
  const { user, isLoading } = useCurrentUser();

  if (isLoading) return <PageSkeleton />;
  if (user?.role !== 'admin') return <AccessDenied />;

  return (
    <SubpageLayout
      backTo={paths.admin}
      backLabel={t('admin.backToDashboard')}
      title={props.title}
      wide={props.wide}
    >
      {props.children(user.id)}
    </SubpageLayout>
  );
}
