import { i18n } from '../i18n/i18n';
import { showToast, type ToastOptions } from '../toast/toast';
import { endEmbedSession } from './embed-session';

/** The gateway's sign-in entry; it redirects a signed-out browser to `/login`. */
export const LOGIN_REDIRECT_PATH = '/api/login';
export const REDIRECT_DELAY_MS = 500;

export interface UnauthorizedHandlerDependencies {
  toast: (options: ToastOptions) => void;
  redirect: (path: string) => void;
}

/**
 * Spec section 8: an unexpected 401 shows 'Unauthorized' and, 500 ms later, sends the
 * browser to the login entry. Several failing calls at once still redirect only once.
 */
export function createUnauthorizedHandler({ toast, redirect }: UnauthorizedHandlerDependencies): () => void {
  let redirectScheduled = false;
  return () => {
    if (redirectScheduled) return;
    redirectScheduled = true;
    toast({
      kind: 'error',
      title: i18n.t('common:toasts.unauthorized.title'),
      description: i18n.t('common:toasts.unauthorized.description'),
    });
    setTimeout(() => redirect(LOGIN_REDIRECT_PATH), REDIRECT_DELAY_MS);
  };
}

const handlePortalUnauthorized = createUnauthorizedHandler({
  toast: showToast,
  redirect: (path) => window.location.assign(path),
});

/** In a frame the host page signs the person in again (a new embed token); the portal goes to sign-in. */
export function handleUnauthorized(): void {
  if (!endEmbedSession()) handlePortalUnauthorized();
}
