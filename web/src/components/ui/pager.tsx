import { useTranslation } from 'react-i18next';
import { Button } from './button';

/** Previous / "Page n of m" / Next for a paged list; nothing when there is one page only. */
export function Pager(props: { label: string; page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const { page, pages } = props;
  if (pages <= 1) return null;
  return (
    <nav aria-label={props.label} className="flex items-center justify-between gap-2">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => props.onPage(page - 1)}>
        {t('pager.previous')}
      </Button>
      <span className="text-sm text-muted-foreground">{t('pager.pageOf', { page, pages })}</span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => props.onPage(page + 1)}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}
