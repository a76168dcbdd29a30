import type { ItemCreateInput } from '@nomadswap/contracts/items';
import type { ItemRecord } from '../db/item';

/** The fields an owner writes when listing or editing an item, as stored (no preference is stored as null). */
export function editableFields(
  input: Pick<
    ItemCreateInput,
    'title' | 'description' | 'category' | 'condition' | 'location' | 'preferredExchange'
  >,
): Partial<ItemRecord> {
  return {
    title: input.title,
    description: input.description,
    category: input.category,
    condition: input.condition,
    location: input.location,
    preferredExchange: input.preferredExchange || null,
  };
}
