import { Component, type ReactNode } from 'react';
import { ErrorScreen } from './ErrorScreen';

export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('render failed', error);
  }

  override render() {
    if (this.state.failed) return <ErrorScreen onRetry={() => this.setState({ failed: false })} />;
    return this.props.children;
  }
}
