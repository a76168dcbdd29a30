import { useMemo } from 'react';
import { linkify } from '../utils/linkify';

/** Message text with its http(s) links clickable; everything else is plain text (never parsed as HTML). */
export function LinkifiedText({ content }: { content: string }) {
  const parts = useMemo(() => linkify(content), [content]);
  return (
    <>
      {parts.map((part, index) =>
        part.kind === 'link' ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="break-all underline underline-offset-2"
          >
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
