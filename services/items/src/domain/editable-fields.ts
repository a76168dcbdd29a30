import type { ItemCreateInput } from '@nomadswap/contracts/items';
import { storedLocation } from '@nomadswap/service-kit/places';
import type { ItemRecord } from '../data/item';

/**
 * The fields an owner writes when listing or editing an item, as stored (no preference is stored as null; the
 * location as its city when it names one — issue 22).
 */
export function editableFields(
  input: Pick<
    ItemCreateInput,
    'title' | 'description' | 'category' | 'condition' | 'location' | 'placeId' | 'preferredExchange'
  >,
): Partial<ItemRecord> {
  return {
    title: input.title,
    description: input.description,
    category: input.category,
    condition: input.condition,
    ...storedLocation(input),
    preferredExchange: input.preferredExchange || null,
  };
}
