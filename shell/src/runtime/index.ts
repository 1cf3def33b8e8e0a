/**
 * `@masar/shell/runtime`: what the shell shares with every remote as a Module Federation
 * singleton. One store, one base API, one i18next instance, one toast helper.
 */
export { baseApi } from './api/base-api';
export { replySchema } from './api/reply-schema';
export type { BaseQueryExtraOptions } from './api/base-query';
export { isApiError, isNetworkError, readableErrorMessage, toApiError, type ApiError } from './api/api-error';
export { argumentsOf, serverMessageIn } from './api/server-messages';
export { agentTaskStepIn, agentTaskTitleIn } from './agent-tasks/task-wording';
export { store, createAppStore, injectSlice, rootReducer, storeListeners } from './store/store';
export { enterEmbedMode, setEmbedSessionToken, embedSessionToken, embedApiBaseUrl } from './session/embed-session';
export type { AppStore, AppDispatch, RootState, LazyLoadedSlices } from './store/store';
export {
  i18n,
  registerTranslations,
  registerTranslationsByLanguage,
  translationsReady,
  keepTranslationsIn,
  changeLanguage,
  currentLanguage,
  readStoredLanguage,
  directionOf,
  LANGUAGE_NAMES,
  LANGUAGE_STORAGE_KEY,
  type Language,
  type Direction,
  type TranslationBundle,
  type TranslationLoader,
} from './i18n/i18n';
export { useLanguage } from './i18n/useLanguage';
export { durationIn, useDurationText } from './i18n/durations';
export { formatNumber } from './i18n/format-number';
export { showToast, useToast, TOAST_DURATION_SECONDS, type ToastOptions, type ToastKind } from './toast/toast';
export { useCurrentUser, type CurrentUserState } from './session/useCurrentUser';
export { AppProviders, antdStylesheetLoaded, MasarProviders } from './providers/MasarProviders';
export { LoadingSpinner } from './ui/LoadingSpinner';
export { LanguageSwitch } from './ui/LanguageSwitch';
export { StandaloneRemote, StandaloneRemoteHost, type StandaloneLink } from './standalone/StandaloneRemoteHost';
export { useAiNotice, type AiNoticeGate } from './ai-use/useAiNotice';
export { requestAiNoticeAcceptance, type AiNoticeReason } from './ai-use/ai-notice-requests';
export { aiUseApi, useMyAiUseQuery, useAcceptAiNoticeMutation, AI_USE_STATUS_PATH, ACCEPT_AI_NOTICE_PATH } from './ai-use/ai-use.api';
