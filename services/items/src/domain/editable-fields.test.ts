import { describe, expect, it } from 'vitest';
import { editableFields } from './editable-fields';

/** Issue 21: the fields an owner writes, without stores. */
describe('editableFields', () => {
  const input = {
    title: 'Tent',
    description: 'Two-person tent',
    category: 'Travel Gear',
    condition: 'good',
    location: 'Bali',
    preferredExchange: 'Books',
  } as const;

  it('are the six listing fields, as given', () => {
    expect(editableFields(input)).toEqual(input);
  });

  it('no preferred exchange (left out or blank) is stored as null', () => {
    expect(editableFields({ ...input, preferredExchange: undefined }).preferredExchange).toBeNull();
    expect(editableFields({ ...input, preferredExchange: '' }).preferredExchange).toBeNull();
  });
});
