import { theme } from 'antd';
import { masarTheme } from './theme';

/** The colours antd derives from Masar's theme, overrides included, as its components read them. */
const token = theme.getDesignToken(masarTheme) as unknown as Record<string, string>;

type Rgba = [number, number, number, number];

function parse(color: string): Rgba {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(color);
  if (short) return parse(`#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`);
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  if (hex) return [0, 2, 4].map((at) => parseInt(hex[1].slice(at, at + 2), 16)).concat(1) as Rgba;
  const rgba = /^rgba?\(([^)]+)\)$/.exec(color);
  if (!rgba) throw new Error(`Cannot read the colour ${color}`);
  const [r, g, b, a = '1'] = rgba[1].split(',').map((part) => part.trim());
  return [Number(r), Number(g), Number(b), Number(a)];
}

/** A colour with transparency as it shows on an opaque background. */
function over(color: string, background: string): Rgba {
  const [r, g, b, a] = parse(color);
  const [br, bg, bb] = parse(background);
  return [r * a + br * (1 - a), g * a + bg * (1 - a), b * a + bb * (1 - a), 1];
}

/** The opaque colour a translucent one shows as on a background, as `rgb(...)`. */
function opaque(color: string, background: string): string {
  return `rgb(${over(color, background).slice(0, 3).join(', ')})`;
}

function luminance([r, g, b]: Rgba): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio of a (possibly translucent) foreground on an opaque background. */
function contrast(foreground: string, background: string): number {
  const [lighter, darker] = [luminance(over(foreground, background)), luminance(parse(background))].sort((a, b) => b - a);
  return (lighter + 0.05) / (darker + 0.05);
}

const WHITE = '#ffffff';
/** The signed-in layout's background (antd's colorBgLayout). */
const PAGE_GREY = token.colorBgLayout;

describe('the Masar theme meets WCAG 2.2 AA contrast', () => {
  it.each(['colorText', 'colorTextSecondary', 'colorTextTertiary', 'colorTextDescription', 'colorTextPlaceholder', 'colorLink', 'colorPrimary'])(
    '%s reads at 4.5:1 on white cards and on the page grey',
    (name) => {
      expect(contrast(token[name], WHITE)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(token[name], PAGE_GREY)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(['Success', 'Warning', 'Error', 'Info'])('a %s status tag or text reads at 4.5:1 on white and on its own tint', (status) => {
    expect(contrast(token[`color${status}`], WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token[`color${status}`], token[`color${status}Bg`])).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'gold', 'lime'])(
    'a %s tag writes at 4.5:1 on its tint, in both spellings antd reads',
    (hue) => {
      expect(contrast(token[`${hue}-7`], token[`${hue}-1`])).toBeGreaterThanOrEqual(4.5);
      expect(token[`${hue}7`]).toBe(token[`${hue}-7`]);
    },
  );

  it.each(['colorPrimary', 'colorPrimaryHover', 'colorPrimaryActive'])('white on %s (primary buttons at rest, hovered, pressed) reads at 4.5:1', (name) => {
    expect(contrast(token.colorTextLightSolid, token[name])).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['colorLinkHover', 'colorLinkActive', 'colorPrimaryTextHover', 'colorPrimaryTextActive'])('%s (a link or text button under the pointer) reads at 4.5:1 on white', (name) => {
    expect(contrast(token[name], WHITE)).toBeGreaterThanOrEqual(4.5);
  });

  it('white words on a switch that is off, or hovered, read at 4.5:1', () => {
    const { colorTextQuaternary: off, colorTextTertiary: hovered } = masarTheme.components?.Switch as Record<string, string>;
    for (const track of [off, hovered]) expect(contrast(token.colorTextLightSolid, opaque(track, WHITE))).toBeGreaterThanOrEqual(4.5);
  });

  it("a control's border and the keyboard focus ring stand out at 3:1 from white", () => {
    expect(contrast(token.colorBorder, WHITE)).toBeGreaterThanOrEqual(3);
    expect(contrast(token.colorPrimaryBorder, WHITE)).toBeGreaterThanOrEqual(3);
  });
});
