import { Pager } from '../../../components/ui/pager';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  ADMIN_ACTIONS,
  ADMIN_TARGET_TYPES,
  type AdminAction,
  type AdminTargetType,
} from '@nomadswap/contracts/enums';
import { Label } from '../../../components/ui/label';
import { useAuditLog } from '../api/get-audit-log';
import { AuditEntryList } from './audit-entry-list';
import { NativeSelect } from '../../../components/ui/native-select';

const PAGE_SIZE = 25;

function pick<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((candidate) => candidate === value);
}

/** The whole audit log (`/admin/audit-log`), filtered by action and target type, paged. Read-only. */
export function AuditLogBrowser() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const action = pick<AdminAction>(ADMIN_ACTIONS, search.get('action'));
  const targetType = pick<AdminTargetType>(ADMIN_TARGET_TYPES, search.get('targetType'));
  const page = Math.max(1, Number(search.get('page')) || 1);
  const log = useAuditLog({ action, targetType, page, limit: PAGE_SIZE });
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / PAGE_SIZE)) : 1;

  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setSearch(next, { replace: true });
  };

  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1">
          <Label htmlFor="audit-action">{t('auditLog.filters.action')}</Label>
          <NativeSelect
            id="audit-action"

            value={action ?? ''}
            onChange={(event) => setParam('action', event.target.value)}
          >
            <option value="">{t('auditLog.filters.all')}</option>
            {ADMIN_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {t(`auditLog.actionNames.${value}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="audit-target">{t('auditLog.filters.target')}</Label>
          <NativeSelect
            id="audit-target"

            value={targetType ?? ''}
            onChange={(event) => setParam('targetType', event.target.value)}
          >
            <option value="">{t('auditLog.filters.all')}</option>
            {ADMIN_TARGET_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`auditLog.targets.${value}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <AuditEntryList query={log} />
      <Pager
        label={t('auditLog.pagination')}
        page={page}
        pages={pages}
        onPage={(next) => setParam('page', String(next))}
      />
    </div>
  );
}
