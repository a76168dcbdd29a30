import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ReportedUserHint } from '../config/storage-keys';
import { paths } from '../config/paths';
import { rememberReportedUser } from '../lib/report-hint';

/** Opens the report form about `user`, with their name and username left for it (Report in a chat). */
export function useReportUser(): (user: ReportedUserHint) => void {
  const navigate = useNavigate();
  return useCallback(
    (user) => {
      rememberReportedUser({ id: user.id, fullName: user.fullName, username: user.username });
      void navigate(paths.reportUser(user.id));
    },
    [navigate],
  );
}
