/**
 * How a host page hands a Masar custom element its one-time embed token, without the token ever
 * staying in the DOM: the `token` property (write-only: reading it gives `undefined`), or a `token`
 * attribute that the element removes the moment it sees it.
 */

/** A usable token: a string with something other than white space in it (trimmed), else null. */
export function readableToken(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const token = value.trim();
  return token.length > 0 && token.length <= 4096 ? token : null;
}

/** Takes the `token` attribute off the element and returns it (null when absent or blank). */
export function takeTokenAttribute(element: Element): string | null {
  const value = element.getAttribute('token');
  if (value === null) return null;
  element.removeAttribute('token');
  return readableToken(value);
}

/**
 * A host that set `element.token = '…'` before masar.js defined the element left an own property
 * that hides the class's setter: take its value and delete it, so the setter works from then on.
 */
export function takeEarlyTokenProperty(element: object): string | null {
  if (!Object.prototype.hasOwnProperty.call(element, 'token')) return null;
  const value = (element as { token?: unknown }).token;
  delete (element as { token?: unknown }).token;
  return readableToken(value);
}

/** The origin masar.js was loaded from: where its API calls go. */
export function masarOriginOf(scriptSrc: string | undefined | null): string {
  if (!scriptSrc) throw new Error('masar.js must be loaded with <script src="https://<masar>/embed/masar.js">');
  return new URL(scriptSrc).origin;
}
