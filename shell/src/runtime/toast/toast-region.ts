let region: HTMLElement | undefined;

/**
 * The one element toasts render into: a labelled region landmark ("Notifications"), so a screen-reader
 * user finds them by landmark, and no text on the page sits outside a landmark (axe's "region" rule).
 */
export function toastRegion(): HTMLElement {
  if (!region || !region.isConnected) {
    region = document.createElement('section');
    region.setAttribute('data-testid', 'toast-region');
    document.body.appendChild(region);
  }
  return region;
}
