import antdStylesheetUrl from 'antd/dist/antd.css?url';

let stylesheet: Promise<boolean> | undefined;

/**
 * antd's component styles as one static, cached stylesheet, instead of the CSS antd otherwise writes
 * on the main thread for every component it first draws (about 380 KB of CSS text on home). Resolves
 * true once the sheet has loaded, so the first render is styled (then the portal tells the runtime,
 * `antdStylesheetLoaded`); false when it could not load, and antd writes its styles as before.
 * The theme's colours still reach the sheet, as the CSS variables antd keeps writing.
 * No import of the runtime here: the entry loads this beside the portal's code, not after it.
 */
export function loadAntdStylesheet(): Promise<boolean> {
  stylesheet ??= new Promise<boolean>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = antdStylesheetUrl;
    link.onload = () => resolve(true);
    link.onerror = () => {
      link.remove();
      resolve(false);
    };
    // First in <head>, as antd puts its own styles: the page's stylesheets (index.html's) come later and win.
    document.head.prepend(link);
  });
  return stylesheet;
}
