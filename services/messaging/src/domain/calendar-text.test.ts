import { describe, expect, it } from 'vitest';
import { escapeIcsText, foldIcsLine } from './meetup-calendar';

/** The iCalendar text rules of the meetup download (RFC 5545), without stores (issue 21). */
describe('escapeIcsText', () => {
  it('escapes backslash, semicolon, comma and line breaks', () => {
    expect(escapeIcsText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    expect(escapeIcsText('x;;y,,z')).toBe('x\\;\\;y\\,\\,z');
    expect(escapeIcsText('Market hall')).toBe('Market hall');
  });
});

describe('foldIcsLine', () => {
  it('keeps a line of 75 octets, folds the 76th onto a continuation line of at most 74 more', () => {
    expect(foldIcsLine('a'.repeat(75))).toBe('a'.repeat(75));
    expect(foldIcsLine('a'.repeat(76))).toBe(`${'a'.repeat(75)}\r\n a`);
    expect(foldIcsLine('a'.repeat(75 + 74 + 1))).toBe(`${'a'.repeat(75)}\r\n ${'a'.repeat(74)}\r\n a`);
    expect(foldIcsLine('')).toBe('');
  });

  it('counts octets and never splits a character', () => {
    // 'é' is 2 octets: 37 of them are 74 octets, a 38th would make 76.
    expect(foldIcsLine(`a${'é'.repeat(37)}`)).toBe(`a${'é'.repeat(37)}`);
    expect(foldIcsLine(`${'é'.repeat(38)}`)).toBe(`${'é'.repeat(37)}\r\n é`);
    expect(foldIcsLine(`${'a'.repeat(74)}€`)).toBe(`${'a'.repeat(74)}\r\n €`);
  });
});
