/**
 * The reset inside each element's shadow root. The host page's rules cannot select anything in the
 * root, but inherited properties (font, colour, direction, line height...) still flow in through the
 * element itself, which the host may style heavily (`* { ... }`): `all: initial` on the root's own
 * container (and the toasts' region beside it) stops that inheritance, then Masar's base typography
 * is set again.
 */
export const SHADOW_RESET_CSS = `
:host { display: block; }
:host([hidden]) { display: none; }
.masar-root, .masar-toasts {
  all: initial;
  display: block;
  box-sizing: border-box;
  font-family: -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Noto Sans Arabic', 'Helvetica Neue', Arial, sans-serif;
  font-size: 14px;
  line-height: 1.5715;
  color: rgba(0, 0, 0, 0.88);
  text-align: start;
}
.masar-root *, .masar-root *::before, .masar-root *::after, .masar-toasts * { box-sizing: border-box; }
.masar-root h1, .masar-root h2, .masar-root h3, .masar-root h4, .masar-root p { margin-block: 0 0.5em; }
`;
