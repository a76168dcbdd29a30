import { Component, type ErrorInfo, type ReactNode } from 'react';

interface FallbackBoundaryProps {
  children: ReactNode;
  /** What shows instead when the part fails (null: nothing). */
  fallback: ReactNode;
}

/**
 * For a part the page can live without (a menu fetched on intent): when it fails — typically
 * its chunk could not be fetched because the browser is offline — it shows `fallback` instead, rather than the
 * app's error screen replacing the whole page.
 */
export class FallbackBoundary extends Component<FallbackBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
