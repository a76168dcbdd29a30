import { useSearchParams } from 'react-router-dom';

/**
 * List filters and the page number kept in the address (`?status=open&page=2`), so a filtered page can be
 * shared, reloaded and reached with Back. Changing a filter goes back to page 1; the history is not filled.
 */
export function useUrlFilters() {
  const [search, setSearch] = useSearchParams();
  /** The value of `key` when it is one of `values` (anything else in the address is ignored). */
  const pick = <T extends string>(key: string, values: readonly T[]): T | undefined =>
    values.find((candidate) => candidate === search.get(key));
  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setSearch(next, { replace: true });
  };
  return {
    pick,
    setParam,
    page: Math.max(1, Number(search.get('page')) || 1),
    setPage: (page: number) => setParam('page', String(page)),
  };
}

/** Pages needed for `total` entries (at least one, also while the total is unknown). */
export function pageCount(total: number | undefined, pageSize: number): number {
  return total === undefined ? 1 : Math.max(1, Math.ceil(total / pageSize));
}
