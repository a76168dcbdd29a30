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

  it('are the six listing fields, as given, and no city for a text that names none (issue 22)', () => {
    expect(editableFields(input)).toEqual({ ...input, placeId: null });
  });

  it('a text naming a city is stored as its label with its id', () => {
    expect(editableFields({ ...input, location: 'lisboa' })).toMatchObject({
      location: 'Lisbon, Portugal',
      placeId: '2267057',
    });
  });

  it('no preferred exchange (left out or blank) is stored as null', () => {
    expect(editableFields({ ...input, preferredExchange: undefined }).preferredExchange).toBeNull();
    expect(editableFields({ ...input, preferredExchange: '' }).preferredExchange).toBeNull();
  });
});
