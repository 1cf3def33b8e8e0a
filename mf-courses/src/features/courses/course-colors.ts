/** Spec document 2, section 3: the eight course colours; anything else shows grey. */
const COURSE_COLOR_HEX: Record<string, string> = {
  blue: '#2563eb',
  green: '#16a34a',
  purple: '#9333ea',
  red: '#dc2626',
  yellow: '#ca8a04',
  orange: '#ea580c',
  pink: '#db2777',
  indigo: '#4f46e5',
};
const FALLBACK_HEX = '#6b7280';

export function courseColorHex(color: string): string {
  return COURSE_COLOR_HEX[color] ?? FALLBACK_HEX;
}
