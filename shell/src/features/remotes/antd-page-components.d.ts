// The shared antd (shell/webpack/antd-used.mjs) adds this to the components it provides.
import 'antd';

declare module 'antd' {
  export function preloadPageComponents(): Promise<void>;
}
