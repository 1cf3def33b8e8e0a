import type { ThemeConfig } from 'antd';

/** Masar's brand: a calm teal for paths and progress. */
export const MASAR_TEAL = '#0f766e';
const MASAR_TEAL_DARK = '#115e59';
const MASAR_TEAL_DARKER = '#134e4a';

/**
 * Tags in the preset colours write in shade 7 on shade 1 (2.8 to 4.3:1 for these hues); here shade 7
 * becomes shade 8 or 9 of the same hue. antd reads the palette under both spellings (`green7` in
 * JavaScript, `green-7` for its CSS variables).
 */
const PRESET_TAG_TEXT = Object.fromEntries(
  Object.entries({
    green: '#237804',
    orange: '#ad4e00',
    gold: '#874d00',
    cyan: '#006d75',
    lime: '#3f6600',
    volcano: '#ad2102',
    yellow: '#876800',
  }).flatMap(([hue, text]) => [
    [`${hue}7`, text],
    [`${hue}-7`, text],
  ]),
);

/**
 * The one antd theme of the portal and every remote. Besides the brand it sets the colours antd's
 * defaults get wrong for WCAG 2.2 AA (issue 15): text on white or on the page's grey needs 4.5:1
 * (antd's secondary text, links, placeholders and status colours are 1.8 to 4.1:1), and what marks a
 * control (an input's border, a focus ring) 3:1. Each value below is the lightest that passes, so the
 * pages keep their look; the ratios are checked in theme.spec.ts.
 */
export const masarTheme: ThemeConfig = {
  token: {
    colorPrimary: MASAR_TEAL,
    // Links were antd's blue (4.1:1); the brand teal is 5.5:1 on white and 5:1 on the page grey.
    colorLink: MASAR_TEAL,
    // antd lightens on hover (3.8:1 under the pointer, white on it too); Masar darkens instead.
    colorPrimaryHover: MASAR_TEAL_DARK,
    colorPrimaryTextHover: MASAR_TEAL_DARK,
    colorPrimaryActive: MASAR_TEAL_DARKER,
    colorPrimaryTextActive: MASAR_TEAL_DARKER,
    colorLinkHover: MASAR_TEAL_DARK,
    colorLinkActive: MASAR_TEAL_DARKER,
    // Status colours are also the text of status tags and of Typography's success/warning/danger.
    colorInfo: '#0958d9',
    // antd tints a status colour's background from it, which for these darker ones comes out grey:
    // their backgrounds and borders stay antd's light defaults.
    colorSuccess: '#2e7d32',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarning: '#8a5300',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorError: '#cf1322',
    // Secondary text (Typography type="secondary", descriptions, captions) was 0.45 black: 3.4:1.
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    // Inputs, selects, checkboxes and default buttons: the edge that shows where a control is.
    colorBorder: '#8c8c8c',
    // antd draws every keyboard focus ring (buttons, links, tabs, switches) in this colour.
    colorPrimaryBorder: '#2b8a80',
    ...PRESET_TAG_TEXT,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'Noto Sans Arabic', 'Noto Sans', Tahoma, Arial, sans-serif",
  },
  components: {
    // A switch that is off draws its track in the faintest text grey, under white words (1.8:1).
    Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.55)', colorTextTertiary: 'rgba(0, 0, 0, 0.65)' },
  },
};
