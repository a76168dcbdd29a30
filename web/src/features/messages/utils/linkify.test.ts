import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('splits http(s) links out of the text and leaves sentence punctuation outside the link', () => {
    expect(linkify('See https://example.com/tent?id=4, then call.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/tent?id=4', href: 'https://example.com/tent?id=4' },
      { kind: 'text', text: ', then call.' },
    ]);
  });

  it('never makes a link of other schemes or of markup', () => {
    const text = 'javascript:alert(1) <a href="x">x</a> ftp://host/file data:text/html,hi';
    expect(linkify(text)).toEqual([{ kind: 'text', text }]);
  });

  it('keeps plain text as one part', () => {
    expect(linkify('Meet at the café at 5?')).toEqual([{ kind: 'text', text: 'Meet at the café at 5?' }]);
  });
});
