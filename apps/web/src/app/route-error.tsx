import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { StatusView } from '@/components/status-view';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';

/** Shown when a page fails to load or render (e.g. its code changed after a deploy): offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <StatusView
      tone="error"
      title={t('errors.generic')}
      message={t('errors.reload')}
      actions={<Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>}
    />
  );
}

interface BoundaryProps {
  /** The address shown: a navigation elsewhere clears the error. */
  locationKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  locationKey: string;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, locationKey: this.props.locationKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.locationKey === state.locationKey ? null : { failed: false, locationKey: props.locationKey };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** Catches what a page throws while it loads or renders, shows RouteError, and tries again on the next navigation. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <ErrorBoundary locationKey={key}>{children}</ErrorBoundary>;
}
