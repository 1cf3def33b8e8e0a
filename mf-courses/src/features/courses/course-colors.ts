/**
 * Spec document 2, section 3: the eight course colours; anything else shows grey. Each is the 700
 * shade of its hue, so the white abbreviation on the tile reads at 4.9:1 or more (WCAG AA for any
 * size; the 600 shades were 2.9 to 4.1:1).
 */
const COURSE_COLOR_HEX: Record<string, string> = {
  blue: '#1d4ed8',
  green: '#15803d',
  purple: '#7e22ce',
  red: '#b91c1c',
  yellow: '#a16207',
  orange: '#c2410c',
  pink: '#be185d',
  indigo: '#4338ca',
};
const FALLBACK_HEX = '#4b5563';

export function courseColorHex(color: string): string {
  return COURSE_COLOR_HEX[color] ?? FALLBACK_HEX;
}
