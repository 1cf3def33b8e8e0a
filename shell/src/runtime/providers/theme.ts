import type { ThemeConfig } from 'antd';

/** Masar's brand: a calm teal for paths and progress. */
export const masarTheme: ThemeConfig = {
  token: {
    colorPrimary: '#0f766e',
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'Noto Sans Arabic', 'Noto Sans', Tahoma, Arial, sans-serif",
  },
};
