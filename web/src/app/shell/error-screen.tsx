import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { House, RotateCw, CircleExclamationPoint } from 'lucide-react';
import { useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

/**
 * 'Something went wrong' (spec section 2). Both buttons do a full page load on purpose: after an
 * unexpected error (or a stale chunk after a deploy) the in-memory state is not to be trusted.
 */
export function ErrorScreen() {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 py-16 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-red-50 text-destructive">
        <CircleExclamationPoint className="size-8" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">{t('errors.boundaryTitle')}</h1>
      <p className="text-muted-foreground">{t('errors.boundaryBody')}</p>
      <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
        <Button onClick={() => window.location.reload()}>
          <RotateCw aria-hidden="true" />
          {t('errors.refresh')}
        </Button>
        <Button variant="outline" onClick={() => window.location.assign('/')}>
          <House aria-hidden="true" />
          {t('errors.goHome')}
        </Button>
      </div>
    </div>
  );
}

/** Route `errorElement`: a page (or its lazy chunk) failed to render. */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return <ErrorScreen />;
}

interface BoundaryState {
  error: unknown;
}

/**
 * Catches what the router's own boundaries cannot: errors in providers or in the shell itself. `quiet`: a part
 * the page can live without (the toast region) renders nothing when it fails instead of replacing the page.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode; quiet?: boolean }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return this.props.quiet ? null : <ErrorScreen />;
  }
}
