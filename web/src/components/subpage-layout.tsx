import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** A page one level below another: a back link to its parent, the page title, then the content. */
export function SubpageLayout(props: {
  backTo: string;
  backLabel: string;
  title: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`mx-auto grid ${props.wide ? 'max-w-5xl' : 'max-w-4xl'} gap-6 px-4 py-6 sm:py-10`}>
      <div className="grid gap-3">
        <Link
          to={props.backTo}
          className="inline-flex w-fit items-center gap-1.5 rounded text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {props.backLabel}
        </Link>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{props.title}</h1>
      </div>
      {props.children}
    </div>
  );
}
