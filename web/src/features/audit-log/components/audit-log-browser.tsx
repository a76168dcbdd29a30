import { useTranslation } from 'react-i18next';
import {
  ADMIN_ACTIONS,
  ADMIN_TARGET_TYPES,
  type AdminAction,
  type AdminTargetType,
} from '@nomadswap/contracts/enums';
import { FilterSelect } from '../../../components/filter-select';
import { Pager } from '../../../components/ui/pager';
import { pageCount, useUrlFilters } from '../../../hooks/use-url-filters';
import { useAuditLog } from '../api/get-audit-log';
import { AuditEntryList } from './audit-entry-list';

const PAGE_SIZE = 25;

/** The whole audit log (`/admin/audit-log`), filtered by action and target type, paged. Read-only. */
export function AuditLogBrowser() {
  const { t } = useTranslation();
  const { pick, setParam, page, setPage } = useUrlFilters();
  const action = pick<AdminAction>('action', ADMIN_ACTIONS);
  const targetType = pick<AdminTargetType>('targetType', ADMIN_TARGET_TYPES);
  const log = useAuditLog({ action, targetType, page, limit: PAGE_SIZE });

  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <FilterSelect
          id="audit-action"
          label={t('auditLog.filters.action')}
          allLabel={t('auditLog.filters.all')}
          values={ADMIN_ACTIONS}
          current={action}
          labelOf={(value) => t(`auditLog.actionNames.${value}`)}
          onChange={(value) => setParam('action', value)}
        />
        <FilterSelect
          id="audit-target"
          label={t('auditLog.filters.target')}
          allLabel={t('auditLog.filters.all')}
          values={ADMIN_TARGET_TYPES}
          current={targetType}
          labelOf={(value) => t(`auditLog.targets.${value}`)}
          onChange={(value) => setParam('targetType', value)}
        />
      </div>
      <AuditEntryList query={log} />
      <Pager
        label={t('auditLog.pagination')}
        page={page}
        pages={pageCount(log.data?.total, PAGE_SIZE)}
        onPage={setPage}
      />
    </div>
  );
}
