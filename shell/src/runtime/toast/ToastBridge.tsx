import { App } from 'antd';
import { useEffect } from 'react';
import { bindToastNotifications } from './toast';

/** Hands antd's context-aware notification API (theme, direction) to `showToast`. */
export function ToastBridge(): null {
  const { notification } = App.useApp();
  useEffect(() => bindToastNotifications(notification), [notification]);
  return null;
}
