import type { Language } from '@masar/contracts';
import type { Request, Response } from 'express';
import { escapeHtml, sendServerPage } from '../web/server-page';
import type { PostedSamlMessage } from './saml-provider-client';

/** The page's text in both languages: the type makes a missing one a compile error. */
const PAGE_TEXT = {
  en: {
    signOutTitle: 'Signing you out',
    signOutIntro: 'Your sign-out continues at your identity provider.',
    continueButton: 'Continue',
  },
  ar: {
    signOutTitle: 'جارٍ تسجيل خروجك',
    signOutIntro: 'يُستكمل تسجيل خروجك لدى مزوّد الهوية.',
    continueButton: 'متابعة',
  },
} satisfies Record<Language, Record<string, string>>;

/** The reader's language from Accept-Language (no session is there: the IdP's post carries no Masar cookie). */
function languageOf(request: Request): Language {
  return request.acceptsLanguages('en', 'ar') === 'ar' ? 'ar' : 'en';
}

/**
 * SAML's HTTP-POST binding: a page whose form the browser posts to the IdP at once (with the same
 * auto-submit script as LTI's pages; the CSP allows no inline script), or on the button without scripts.
 */
export function sendSamlPostPage(request: Request, response: Response, message: PostedSamlMessage): void {
  const language = languageOf(request);
  const text = PAGE_TEXT[language];
  const fields = Object.entries({ ...message.fields, ...(message.relayState ? { RelayState: message.relayState } : {}) })
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  sendServerPage(response, {
    language,
    title: text.signOutTitle,
    frameAncestors: [],
    formTargets: [new URL(message.action).origin],
    body:
      `<p>${escapeHtml(text.signOutIntro)}</p><form method="post" action="${escapeHtml(message.action)}" data-auto-submit>${fields}` +
      `<button type="submit">${escapeHtml(text.continueButton)}</button></form><script src="/api/lti/auto-submit.js"></script>`,
  });
}
