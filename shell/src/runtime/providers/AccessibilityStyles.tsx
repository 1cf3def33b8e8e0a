import { MASAR_TEAL } from './theme';

/**
 * Portal-wide rules the antd theme cannot express (issue 15). Kept in the runtime, not in the shell's
 * page, so a remote running alone gets them too.
 * - A visible keyboard focus ring on anything focusable that antd does not style itself (router
 *   links, native buttons, cards made clickable); `:where` keeps antd's own rules in charge.
 * - A link inside a sentence is underlined: its colour alone does not set it apart from the text
 *   around it (WCAG 1.4.1); titles and buttons that are links keep their look.
 * - Icon-only targets (the password field's eye, an input's clear button) at least 24×24 px (WCAG
 *   2.2, 2.5.8), without making the field taller.
 * - `masar-visually-hidden`: read by screen readers, not shown (a chart's table of figures).
 * - Icons that point (arrows, back/next chevrons) carry `masar-flip-rtl` and face the reading
 *   direction in Arabic.
 */
export const ACCESSIBILITY_CSS = `
:where(a, button, summary, [role='button'], [role='link'], [tabindex]:not([tabindex='-1'])):focus-visible {
  outline: 2px solid ${MASAR_TEAL};
  outline-offset: 2px;
}
.ant-typography:where(span, div, p) a:not(.ant-btn), p a:not(.ant-btn) { text-decoration: underline; }
.ant-input-password-icon, .ant-input-clear-icon {
  display: inline-flex; align-items: center; justify-content: center; min-width: 24px; min-height: 24px; margin-block: -4px;
}
[dir='rtl'] .masar-flip-rtl { transform: scaleX(-1); }
.masar-visually-hidden {
  position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
  clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0;
}
`;

export function AccessibilityStyles() {
  // React 19 hoists a <style> with href and precedence into <head>, once however often it renders.
  return (
    <style href="masar-accessibility" precedence="default">
      {ACCESSIBILITY_CSS}
    </style>
  );
}
