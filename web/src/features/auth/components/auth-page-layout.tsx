import type { ReactNode } from 'react';
import { Logo } from '../../../components/logo';
import { Card, CardContent } from '../../../components/ui/card';
import { cn } from '../../../lib/utils';

/** The frame of the sign-in and sign-up pages: brand mark, title, subtitle and the form in a card. */
export function AuthPageLayout({
  title,
  subtitle,
  width = 'narrow',
  children,
}: {
  title: string;
  subtitle: string;
  width?: 'narrow' | 'wide';
  children: ReactNode;
}) {
  return (
    <div className={cn('mx-auto w-full px-4 py-8 sm:py-12', width === 'narrow' ? 'max-w-md' : 'max-w-2xl')}>
      <div className="mb-6 flex flex-col items-center gap-3 text-center">
        <Logo showWordmark={false} className="[&_img]:size-12" />
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="text-muted-foreground">{subtitle}</p>
      </div>
      <Card>
        <CardContent className="p-5 sm:p-8">{children}</CardContent>
      </Card>
    </div>
  );
}
