import { isSignInErrorCode, SIGN_IN_ERROR_PARAMETER } from '@masar/contracts';

/**
 * The locale key of the message for a failed single sign-on, from the login page's query string
 * (`?signInError=<code>`, set by the gateway), or null when the page was opened without one. An
 * unknown code gets the general message: the page never shows text taken from the link.
 */
export function signInErrorMessageKey(search: URLSearchParams): string | null {
  const code = search.get(SIGN_IN_ERROR_PARAMETER);
  if (code === null) return null;
  return `login.signInError.${isSignInErrorCode(code) ? code : 'sign-in-failed'}`;
}
