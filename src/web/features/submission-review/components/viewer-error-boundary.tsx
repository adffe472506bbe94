import { Component, type ReactNode } from 'react';

/**
 * Catches what the lazily loaded viewer throws while loading or rendering (a chunk that failed
 * to download, a pdf.js crash), so the rest of the review screen keeps working.
 */
export class ViewerErrorBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
