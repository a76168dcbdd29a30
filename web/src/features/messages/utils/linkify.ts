export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// Candidates only; every match is checked with the URL parser before it becomes a link.
const URL_CANDIDATE = /\bhttps?:\/\/[^\s<>"']+/gi;
// Punctuation that usually ends the sentence around a link rather than belonging to it.
const TRAILING = /[.,;:!?)\]}]+$/;

/**
 * Splits a message into plain text and http(s) links, so links can be rendered as anchors without ever
 * treating the message as HTML. Anything that does not parse as an http or https URL stays text.
 */
export function linkify(content: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of content.matchAll(URL_CANDIDATE)) {
    const start = match.index;
    let raw = match[0];
    const trailing = TRAILING.exec(raw);
    if (trailing) raw = raw.slice(0, raw.length - trailing[0].length);
    const href = safeHref(raw);
    if (!href) continue;
    if (start > last) parts.push({ kind: 'text', text: content.slice(last, start) });
    parts.push({ kind: 'link', text: raw, href });
    last = start + raw.length;
  }
  if (last < content.length) parts.push({ kind: 'text', text: content.slice(last) });
  return parts;
}

function safeHref(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
