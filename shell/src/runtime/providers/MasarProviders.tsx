import { App as AntApp, ConfigProvider } from 'antd';
import arEG from 'antd/es/locale/ar_EG';
import enUS from 'antd/es/locale/en_US';
import { useLayoutEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider as ReduxProvider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { AiNoticeHost } from '../ai-use/AiNoticeHost';
import { i18n, reflectLanguageOnDocument } from '../i18n/i18n';
import { useLanguage } from '../i18n/useLanguage';
import { store as portalStore, type AppStore } from '../store/store';
import { ToastBridge } from '../toast/ToastBridge';
import { TOAST_DURATION_SECONDS } from '../toast/toast';
import { toastRegion } from '../toast/toast-region';
import { AccessibilityStyles } from './AccessibilityStyles';
import { masarTheme } from './theme';

/** With antd's stylesheet on the page, antd writes no component CSS at run time (only the theme's variables). */
const masarThemeOverStylesheet = { ...masarTheme, zeroRuntime: true };
let antdStylesheetOnPage = false;

/**
 * The page now has antd's static stylesheet (the shell loads it before its first render): from the
 * next render on, antd draws with it. Called once, before anything of antd renders.
 */
export function antdStylesheetLoaded(): void {
  antdStylesheetOnPage = true;
}

function LocalisedAntd({ children }: { children: ReactNode }) {
  const { language, direction } = useLanguage();
  // The page is Masar's own (portal, a framed module, a remote alone): its <html> follows the language.
  useLayoutEffect(reflectLanguageOnDocument, []);
  return (
    <ConfigProvider direction={direction} locale={language === 'ar' ? arEG : enUS} theme={antdStylesheetOnPage ? masarThemeOverStylesheet : masarTheme}>
      <AntApp notification={{ maxCount: 1, duration: TOAST_DURATION_SECONDS, placement: 'topRight', getContainer: toastRegion }}>
        <AccessibilityStyles />
        <ToastBridge />
        <AiNoticeHost />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

/**
 * The store, the one i18next instance, antd with the language's direction and locale,
 * and toasts; everything but the router. Tests pass their own store.
 */
export function AppProviders({ store = portalStore, children }: { store?: AppStore; children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <I18nextProvider i18n={i18n}>
        <LocalisedAntd>{children}</LocalisedAntd>
      </I18nextProvider>
    </ReduxProvider>
  );
}

/**
 * Everything a Masar page needs around it, with the browser's router. The shell renders
 * it once; a remote renders it only when it runs alone.
 */
export function MasarProviders({ children }: { children: ReactNode }) {
  return (
    <AppProviders>
      <BrowserRouter>{children}</BrowserRouter>
    </AppProviders>
  );
}
