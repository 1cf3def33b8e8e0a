import { MasarProviders, showToast, store } from '@masar/shell/runtime';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { App } from './app/App';
import { authApi } from './features/auth/auth.api';
import type { PortalHandover } from './portal-handover';

export { antdStylesheetLoaded } from '@masar/shell/runtime';
export { loadAntdStyleGenerators } from './features/antd-stylesheet/antd-style-generators';
export { registerShellTranslations } from './i18n/shell-translations';

/**
 * The whole portal in `container`; `handover` is what the landing page already learnt (index.ts),
 * which has awaited registerShellTranslations first.
 */
export function renderPortal(container: HTMLElement, handover?: PortalHandover): void {
  if (handover) store.dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, handover.user));
  createRoot(container).render(
    <StrictMode>
      <MasarProviders>
        {handover?.demoSignedIn && <DemoSignInToast />}
        <App />
      </MasarProviders>
    </StrictMode>,
  );
}

/** The Demo Login success toast of spec section 8, for a sign-in the landing page started. */
function DemoSignInToast() {
  const { t } = useTranslation('shell');
  useEffect(() => {
    showToast({ kind: 'success', title: t('toasts.demoSuccess.title'), description: t('toasts.demoSuccess.description') });
    // Once, when the portal opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
