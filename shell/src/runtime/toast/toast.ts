import type { NotificationInstance } from 'antd/es/notification/interface';

export type ToastKind = 'success' | 'info' | 'warning' | 'error';

export interface ToastOptions {
  /** `error` is the spec's "destructive" toast. */
  kind?: ToastKind;
  title: string;
  description?: string;
  durationSeconds?: number;
}

/** Spec section 4: toasts last 5000 ms by default, one at a time. */
export const TOAST_DURATION_SECONDS = 5;

let notifications: NotificationInstance | null = null;

/** Called by `<ToastBridge>` inside antd's `<App>`, so code outside React can toast too. */
export function bindToastNotifications(instance: NotificationInstance): () => void {
  notifications = instance;
  return () => {
    if (notifications === instance) notifications = null;
  };
}

export function showToast({ kind = 'info', title, description, durationSeconds = TOAST_DURATION_SECONDS }: ToastOptions): void {
  if (!notifications) {
    console.warn(`Toast shown before the providers mounted: ${title}`);
    return;
  }
  notifications.destroy(); // only one toast at a time
  notifications[kind]({
    title,
    description,
    duration: durationSeconds,
    role: kind === 'error' ? 'alert' : 'status',
    props: { 'data-testid': 'toast' },
  });
}

export function useToast(): typeof showToast {
  return showToast;
}
