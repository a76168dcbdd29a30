/*
 * Apart from ./api-client: the small entry builds API paths with it too (early/early-reads.ts), and must not
 * import the client.
 */

/** Values a GET helper turns into query-string parameters; null and undefined entries are left out. */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** Appends the non-null entries of `params` to `path` as a query string. */
export function withQuery(path: string, params?: QueryParams): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined) search.append(key, String(value));
  }
  const query = search.toString();
  if (!query) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}
