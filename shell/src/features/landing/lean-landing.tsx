import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { loadShellTranslations } from '../../i18n/shell-translations-lazy';
import type { PortalHandover, StartPortal } from '../../portal-handover';
import { currentLanguage, reflectLanguageOnDocument } from '../../runtime/i18n/i18n';
import { LandingPage } from './components/LandingPage';
import { startDemoSession } from './session-probe';

/**
 * The landing page for a signed-out visitor at `/`, rendered with React and the one i18next only
 * (the active language's strings), so the first page downloads no antd, router, store or zod.
 * Its buttons hand over to the full portal: Login and Get Started go to /login, Demo Login signs in
 * first. Pointing at or focusing a button starts the portal's download early.
 */
export async function showLeanLanding(container: HTMLElement, startPortal: StartPortal, preloadPortal: () => void): Promise<void> {
  await loadShellTranslations(currentLanguage());
  reflectLanguageOnDocument();
  const root = createRoot(container);
  // The landing page stays on screen until the portal's code is here, then gives way to it.
  const handOver = (handover: PortalHandover) => startPortal(handover, () => root.unmount());
  root.render(
    <StrictMode>
      <LeanLanding onHandOver={handOver} onIntent={preloadPortal} />
    </StrictMode>,
  );
}

function LeanLanding({ onHandOver, onIntent }: { onHandOver: (handover: PortalHandover) => Promise<void>; onIntent: () => void }) {
  useTranslation('shell'); // re-renders on a language switch
  const [isStartingDemo, setStartingDemo] = useState(false);

  const login = () => {
    window.history.pushState(null, '', '/login');
    // Should the portal's code fail to download, a full page load of /login tries again.
    onHandOver({ user: null }).catch((error: unknown) => {
      console.error('Loading the portal failed', error);
      window.location.assign('/login');
    });
  };
  const demoLogin = async () => {
    setStartingDemo(true);
    onIntent();
    const user = await startDemoSession();
    if (!user) {
      setStartingDemo(false);
      return;
    }
    // Signed in already: a full page load of / opens the portal if its code failed to download.
    await onHandOver({ user, demoSignedIn: true }).catch((error: unknown) => {
      console.error('Loading the portal failed', error);
      window.location.assign('/');
    });
  };

  return <LandingPage onLogin={login} onDemoLogin={() => void demoLogin()} isStartingDemo={isStartingDemo} onIntent={onIntent} />;
}
