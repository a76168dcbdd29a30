/** A catalogue file as JSON: texts, nested by key. */
export type CatalogueTree = { [key: string]: string | CatalogueTree };

/** Every text of a catalogue by its dotted key ('nav.language' → 'Language'). */
export function flattenCatalogue(
  tree: CatalogueTree,
  prefix = '',
  into = new Map<string, string>(),
): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(name, value);
    else flattenCatalogue(value, name, into);
  }
  return into;
}
