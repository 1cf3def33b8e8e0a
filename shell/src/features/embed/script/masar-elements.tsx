import { createCache, StyleProvider } from '@ant-design/cssinjs';
import type { EmbedFrameMessage, EmbedModule } from '@masar/contracts';
import { enterEmbedMode, i18n, keepTranslationsIn, setEmbedSessionToken, store } from '@masar/shell/runtime';
import { App as AntApp, ConfigProvider, Result } from 'antd';
import arEG from 'antd/es/locale/ar_EG';
import enUS from 'antd/es/locale/en_US';
import { StrictMode, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Provider as ReduxProvider } from 'react-redux';
import type { NavigateFunction } from 'react-router-dom';
import { AiNoticeHost } from '../../../runtime/ai-use/AiNoticeHost';
import { masarTheme } from '../../../runtime/providers/theme';
import { bindToastNotifications, TOAST_DURATION_SECONDS } from '../../../runtime/toast/toast';
import { authApi } from '../../auth/auth.api';
import { registerShellTranslations } from '../../../i18n/shell-translations';
import { EmbeddedModule, EmbedWaiting } from '../components/EmbedFrame';
import { exchangeEmbedToken } from '../embed-session-exchange';
import { forwardDomainEvents } from '../forward-domain-events';
import type { HostChannel } from '../host-channel';
import { masarOriginOf, readableToken, takeEarlyTokenProperty, takeTokenAttribute } from './element-token';
import { SHADOW_RESET_CSS } from './shadow-reset';

/** The custom elements masar.js defines, and the module each shows. */
export const MASAR_ELEMENTS: Record<string, EmbedModule> = {
  'masar-skill-review': 'skill-review',
  'masar-learning-path': 'learning-path',
  'masar-courses': 'courses',
  'masar-progress': 'progress',
};

type SessionState = { kind: 'waiting' } | { kind: 'signed-in' } | { kind: 'refused'; message: string };

/** A host channel whose messages become DOM events on the element: same types and payloads as postMessage. */
function elementChannel(element: HTMLElement): HostChannel {
  return {
    post(message: EmbedFrameMessage) {
      element.dispatchEvent(new CustomEvent(message.type, { detail: message, bubbles: true, composed: true }));
    },
    listen: () => () => undefined,
  };
}

function ScriptEmbed({ module, session, channel }: { module: EmbedModule; session: SessionState; channel: HostChannel }) {
  const { t } = useTranslation('shell');
  const navigateRef = useRef<NavigateFunction | null>(null);
  if (session.kind === 'waiting') return <EmbedWaiting />;
  if (session.kind === 'refused') {
    return <Result status="warning" title={t('embed.refused')} subTitle={session.message} data-testid="embed-refused" />;
  }
  return <EmbeddedModule module={module} channel={channel} navigateRef={navigateRef} />;
}

/** Hands this element's antd notifications (inside its shadow root) to `showToast`. */
function ElementToastBridge(): null {
  const { notification } = AntApp.useApp();
  useEffect(() => bindToastNotifications(notification), [notification]);
  return null;
}

/**
 * Toasts and the AI-use notice open in one element at a time: the one the person last used (the
 * first before any use), so a message appears where the person is looking, in that element's language.
 */
function ElementMessages({ host }: { host: HTMLElement }) {
  const speaksForThePage = useSyncExternalStore(subscribeToUse, () => messagesElement() === host);
  if (!speaksForThePage) return null;
  return (
    <>
      <ElementToastBridge />
      <AiNoticeHost />
    </>
  );
}

/**
 * Everything of Masar inside one shadow root: antd's CSS-in-JS writes its styles into this root (a
 * cache of its own per element, so each root gets them), popups open inside it, and the element's
 * language and direction come from its `lang` attribute through an i18next instance of its own.
 */
function ShadowProviders({
  shadow,
  mount,
  toasts,
  language,
  children,
}: {
  shadow: ShadowRoot;
  mount: HTMLElement;
  toasts: HTMLElement;
  language: 'ar' | 'en';
  children: ReactNode;
}) {
  const styleCache = useRef(createCache());
  // Re-rendered when strings are added to the shared store: a module's namespaces in this element's
  // language download after it mounts (the page's active language may be the other one).
  const translations = useRef(i18n.cloneInstance({ lng: language, react: { bindI18nStore: 'added' } }));
  if (translations.current.language !== language) void translations.current.changeLanguage(language);
  useEffect(() => void keepTranslationsIn(language), [language]);
  return (
    <StyleProvider container={shadow} cache={styleCache.current}>
      <ReduxProvider store={store}>
        <I18nextProvider i18n={translations.current}>
          <ConfigProvider
            direction={language === 'ar' ? 'rtl' : 'ltr'}
            locale={language === 'ar' ? arEG : enUS}
            theme={masarTheme}
            getPopupContainer={() => mount}
          >
            <AntApp
              component={false}
              notification={{ maxCount: 1, duration: TOAST_DURATION_SECONDS, placement: 'topRight', getContainer: () => toasts }}
            >
              <ElementMessages host={shadow.host as HTMLElement} />
              {children}
            </AntApp>
          </ConfigProvider>
        </I18nextProvider>
      </ReduxProvider>
    </StyleProvider>
  );
}

const connected = new Set<MasarModuleElement>();
/** The element the person last used: the store's domain events (path generated, lesson completed) go to it. */
let lastUsed: MasarModuleElement | null = null;
let masarOrigin = '';
const useListeners = new Set<() => void>();

function subscribeToUse(listener: () => void): () => void {
  useListeners.add(listener);
  return () => useListeners.delete(listener);
}

/** Where the page's toasts and AI-use notice show: the element last used, else the first one. */
function messagesElement(): MasarModuleElement | undefined {
  return lastUsed ?? connected.values().next().value;
}

function setLastUsed(element: MasarModuleElement | null): void {
  if (lastUsed === element) return;
  lastUsed = element;
  useListeners.forEach((listener) => listener());
}

class MasarModuleElement extends HTMLElement {
  static observedAttributes = ['token', 'lang'];
  #root: Root | null = null;
  #mount: HTMLDivElement | null = null;
  #toasts: HTMLElement | null = null;
  #session: SessionState = { kind: 'waiting' };
  #channel = elementChannel(this);

  /** Write-only: the one-time embed token is traded for a session at once and never kept on the element. */
  get token(): undefined {
    return undefined;
  }

  set token(value: unknown) {
    const token = readableToken(value);
    if (token) void this.#exchange(token);
  }

  get module(): EmbedModule {
    return MASAR_ELEMENTS[this.localName] ?? 'skill-review';
  }

  get language(): 'ar' | 'en' {
    return this.getAttribute('lang')?.toLowerCase().startsWith('ar') ? 'ar' : 'en';
  }

  attributeChangedCallback(name: string): void {
    if (name === 'token') {
      const token = takeTokenAttribute(this);
      if (token) void this.#exchange(token);
      return;
    }
    this.#render();
  }

  connectedCallback(): void {
    const early = takeEarlyTokenProperty(this);
    connected.add(this);
    useListeners.forEach((listener) => listener());
    this.addEventListener('pointerdown', this.#markUsed);
    this.addEventListener('keydown', this.#markUsed);
    if (!this.#root) {
      const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
      const reset = document.createElement('style');
      reset.textContent = SHADOW_RESET_CSS;
      const mount = document.createElement('div');
      mount.className = 'masar-root';
      // The element's toasts: a region of its own inside the shadow root, where antd's styles are
      // (beside the mount, which React empties on its first render).
      const toasts = document.createElement('section');
      toasts.className = 'masar-toasts';
      toasts.setAttribute('data-testid', 'toast-region');
      shadow.append(reset, mount, toasts);
      this.#mount = mount;
      this.#toasts = toasts;
      this.#root = createRoot(mount);
    }
    this.#render();
    if (early) void this.#exchange(early);
    else if (this.#session.kind !== 'signed-in') this.#channel.post({ type: 'masar:ready', module: this.module });
  }

  disconnectedCallback(): void {
    connected.delete(this);
    if (lastUsed === this) setLastUsed(null);
    else useListeners.forEach((listener) => listener());
    this.removeEventListener('pointerdown', this.#markUsed);
    this.removeEventListener('keydown', this.#markUsed);
    const root = this.#root;
    this.#root = null;
    // Unmounted after the current task: React refuses to unmount a root while it renders.
    if (root) queueMicrotask(() => root.unmount());
  }

  /** The session ended (a 401): back to waiting, and `masar:ready` asks the host for a fresh token. */
  sessionEnded(): void {
    this.#session = { kind: 'waiting' };
    this.#render();
    this.#channel.post({ type: 'masar:ready', module: this.module });
  }

  post(message: EmbedFrameMessage): void {
    this.#channel.post(message);
  }

  #markUsed = (event: Event) => {
    setLastUsed(event.currentTarget as MasarModuleElement);
  };

  async #exchange(token: string): Promise<void> {
    const result = await exchangeEmbedToken(token, window.location.origin, fetch, masarOrigin);
    if (result.kind === 'refused') {
      this.#session = { kind: 'refused', message: result.message };
      this.#render();
      this.#channel.post({ type: 'masar:session-refused', message: result.message });
      return;
    }
    setEmbedSessionToken(result.sessionToken);
    store.dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, result.user));
    this.#session = { kind: 'signed-in' };
    this.#render();
  }

  #render(): void {
    const mount = this.#mount;
    const toasts = this.#toasts;
    if (!this.#root || !mount || !toasts || !this.shadowRoot) return;
    for (const part of [mount, toasts]) {
      part.setAttribute('dir', this.language === 'ar' ? 'rtl' : 'ltr');
      part.setAttribute('lang', this.language);
    }
    toasts.setAttribute('aria-label', i18n.t('common:toastRegion', { lng: this.language }));
    this.#root.render(
      <StrictMode>
        <ShadowProviders shadow={this.shadowRoot} mount={mount} toasts={toasts} language={this.language}>
          <ScriptEmbed module={this.module} session={this.#session} channel={this.#channel} />
        </ShadowProviders>
      </StrictMode>,
    );
  }
}

/**
 * Defines `<masar-skill-review>`, `<masar-learning-path>`, `<masar-courses>` and `<masar-progress>`.
 * The page's session is one for all of them (the same person), kept in memory; its API calls go to
 * the origin masar.js came from.
 */
export function defineMasarElements(scriptSrc: string | undefined | null): void {
  masarOrigin = masarOriginOf(scriptSrc);
  registerShellTranslations();
  enterEmbedMode(() => connected.forEach((element) => element.sessionEnded()), { apiBaseUrl: `${masarOrigin}/api` });
  // A store event goes to the element the person last used (the first one before any use).
  forwardDomainEvents((event) => (lastUsed ?? connected.values().next().value)?.post(event));
  for (const tag of Object.keys(MASAR_ELEMENTS)) {
    // A second masar.js on the page (or another version) keeps the first definition.
    if (!customElements.get(tag)) customElements.define(tag, class extends MasarModuleElement {});
  }
}
