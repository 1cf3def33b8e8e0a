// The first page decides what to download. A signed-out visitor at `/` gets the lean landing page
// (React and the one i18next; features/landing/lean-landing.tsx); everyone else, and the visitor who
// heads for sign-in, gets the whole portal (bootstrap.tsx: antd, router, store, remotes). Both sit
// behind dynamic imports: that asynchronous boundary lets Module Federation settle the shared
// singletons (react, antd, the runtime...) before any of them is used.
import { loadAntdStylesheet } from './features/antd-stylesheet/antd-stylesheet';
import { probeSession } from './features/landing/session-probe';
import type { PortalHandover, StartPortal } from './portal-handover';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = container;

let portalCode: Promise<typeof import('./bootstrap')> | undefined;
function loadPortal(): Promise<typeof import('./bootstrap')> {
  // With the active language's strings, so the portal's first render shows no bare key.
  portalCode ??= Promise.all([import('./bootstrap'), loadAntdStylesheet()]).then(async ([portal, stylesheetLoaded]) => {
    // Without the sheet antd writes its styles at run time, with its style generators (their own chunk).
    if (stylesheetLoaded) portal.antdStylesheetLoaded();
    else await portal.loadAntdStyleGenerators();
    await portal.registerShellTranslations();
    return portal;
  });
  return portalCode;
}

const startPortal: StartPortal = async (handover?: PortalHandover, beforeRender?: () => void) => {
  const { renderPortal } = await loadPortal();
  beforeRender?.();
  renderPortal(root, handover);
};

async function start(): Promise<void> {
  // A module framed by another site (issue 18): its own small entry, never the portal's layout.
  if (window.location.pathname.startsWith('/embed/')) {
    const { renderEmbed } = await import('./features/embed/embed-bootstrap');
    return renderEmbed(root);
  }
  if (window.location.pathname !== '/') return startPortal(undefined);
  // The session answer and the landing page's code download side by side.
  const landing = import('./features/landing/lean-landing');
  const session = await probeSession();
  if (session.kind === 'signed-in') return startPortal({ user: session.user });
  if (session.kind === 'unknown') return startPortal(undefined);
  const { showLeanLanding } = await landing;
  return showLeanLanding(root, startPortal, () => void loadPortal());
}

void start();
