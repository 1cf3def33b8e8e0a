import { Component, type ErrorInfo, type ReactNode } from 'react';
import { IncompatibleRemoteError } from '../incompatible-remote';
import { RemoteIncompatible } from './RemoteIncompatible';
import { RemoteLoadError } from './RemoteLoadError';

interface RemoteErrorBoundaryProps {
  moduleName: string;
  onRetry: () => void;
  /** Told when the error panel replaces the piece. */
  onCaught?: () => void;
  children: ReactNode;
}

interface RemoteErrorBoundaryState {
  error: Error | null;
}

/** Catches a remote that fails to load or to render, so the page never goes blank. */
export class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, RemoteErrorBoundaryState> {
  override state: RemoteErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): RemoteErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Remote module ${this.props.moduleName} failed`, error, info.componentStack);
    this.props.onCaught?.();
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error instanceof IncompatibleRemoteError) return <RemoteIncompatible error={error} onRetry={this.props.onRetry} />;
    if (error) {
      return <RemoteLoadError moduleName={this.props.moduleName} message={error.message} onRetry={this.props.onRetry} />;
    }
    return this.props.children;
  }
}
