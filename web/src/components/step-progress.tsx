import type { ReactNode } from 'react';

/** A wizard's position: 'Step n of N' and the percentage above a progress bar (onboarding, legal summary). */
export function StepProgress(props: {
  counter: string;
  percentText: string;
  percent: number;
  label: string;
  children?: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="font-medium">{props.counter}</span>
        <span className="text-muted-foreground">{props.percentText}</span>
      </div>
      <div
        role="progressbar"
        aria-label={props.label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={props.percent}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width]"
          style={{ width: `${props.percent}%` }}
        />
      </div>
      {props.children}
    </div>
  );
}
