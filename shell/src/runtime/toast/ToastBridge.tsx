import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { bindToastNotifications } from './toast';
import { toastRegion } from './toast-region';

/** Hands antd's context-aware notification API (theme, direction) to `showToast`, and names the toasts' region. */
export function ToastBridge(): null {
  const { notification } = App.useApp();
  const { t } = useTranslation('common');
  useEffect(() => bindToastNotifications(notification), [notification]);
  useEffect(() => toastRegion().setAttribute('aria-label', t('toastRegion')), [t]);
  return null;
}
