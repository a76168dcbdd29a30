import type { ReactNode } from 'react';
import type { PRESET_CITIES } from '@nomadswap/contracts/enums';
import { cn } from '../../../lib/utils';

type Country = (typeof PRESET_CITIES)[number]['country'];

/**
 * The preset cities' flags, simplified, drawn on a 30×20 grid. Inline SVG rather than the flag emoji: Windows
 * and many Linux systems (Debian's chromium among them) have no colour-emoji font for flags and show two letters
 * or empty boxes instead.
 */
const FLAGS: Record<Country, ReactNode> = {
  Thailand: (
    <>
      <rect width="30" height="20" fill="#a51931" />
      <rect y="3.33" width="30" height="13.34" fill="#f4f5f8" />
      <rect y="6.67" width="30" height="6.66" fill="#2d2a4a" />
    </>
  ),
  Portugal: (
    <>
      <rect width="30" height="20" fill="#da291c" />
      <rect width="12" height="20" fill="#046a38" />
      <circle cx="12" cy="10" r="4.2" fill="none" stroke="#ffe900" strokeWidth="1.4" />
      <path d="M10 7.6h4v3.4a2 2 0 0 1-4 0z" fill="#fff" stroke="#da291c" strokeWidth="0.9" />
    </>
  ),
  Indonesia: (
    <>
      <rect width="30" height="20" fill="#fff" />
      <rect width="30" height="10" fill="#ce1126" />
    </>
  ),
  Mexico: (
    <>
      <rect width="30" height="20" fill="#fff" />
      <rect width="10" height="20" fill="#006847" />
      <rect x="20" width="10" height="20" fill="#ce1126" />
      <circle cx="15" cy="10" r="2.6" fill="#8c5a2b" />
      <path d="M12.2 12.2q2.8 1.9 5.6 0" fill="none" stroke="#006847" strokeWidth="0.8" />
    </>
  ),
  Vietnam: (
    <>
      <rect width="30" height="20" fill="#da251d" />
      <path
        d="M15 4.4L16.35 8.55H20.71L17.18 11.11L18.53 15.25L15 12.69L11.47 15.25L12.82 11.11L9.29 8.55H13.65z"
        fill="#ff0"
      />
    </>
  ),
  Spain: (
    <>
      <rect width="30" height="20" fill="#aa151b" />
      <rect y="5" width="30" height="10" fill="#f1bf00" />
      <rect x="7" y="7.5" width="3.2" height="5" rx="0.8" fill="#aa151b" />
    </>
  ),
};

/** A preset city's country flag, decorative (the city's name is beside it). */
export function CityFlag({ country, className }: { country: Country; className?: string }) {
  return (
    <svg
      viewBox="0 0 30 20"
      aria-hidden="true"
      focusable="false"
      className={cn(
        'h-5 w-[1.875rem] shrink-0 overflow-hidden rounded-[3px] ring-1 ring-black/10',
        className,
      )}
    >
      {FLAGS[country]}
    </svg>
  );
}
