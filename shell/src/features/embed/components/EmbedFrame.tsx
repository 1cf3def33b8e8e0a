import type { EmbedModule } from '@masar/contracts';
import { LoadingSpinner } from '@masar/shell/runtime';
import { Button, Result } from 'antd';
import { useEffect, useRef, type MutableRefObject, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { RemoteModule } from '../../remotes/components/RemoteModule';
import { EMBED_MODULE_SOURCES, SKILL_REVIEW_PATH } from '../embed-modules';
import type { HostChannel } from '../host-channel';
import { EmbeddedSkillReview } from './EmbeddedSkillReview';

/** Tells the host the content's height whenever it changes, so the frame never scrolls inside. */
export function ResizeReporter({ channel, children }: { channel: HostChannel; children: ReactNode }) {
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = content.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let lastHeight = -1;
    const observer = new ResizeObserver(() => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height === lastHeight) return;
      lastHeight = height;
      channel.post({ type: 'masar:resize', height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [channel]);
  // display: flow-root keeps children's margins inside, so the measured height is the page's.
  return (
    <div ref={content} style={{ display: 'flow-root' }} data-testid="embed-content">
      {children}
    </div>
  );
}

/** Reports moves inside the module, and lets the host move it (`masar:navigate`). */
function NavigationBridge({ channel, navigateRef }: { channel: HostChannel; navigateRef: MutableRefObject<NavigateFunction | null> }) {
  const location = useLocation();
  const navigate = useNavigate();
  const firstPath = useRef(true);
  navigateRef.current = navigate;
  useEffect(() => {
    if (firstPath.current) {
      firstPath.current = false;
      return;
    }
    channel.post({ type: 'masar:navigate', path: `${location.pathname}${location.search}` });
  }, [channel, location.pathname, location.search]);
  return null;
}

/** A link inside the module that leads out of it: the full portal opens in a new tab. */
function OutsideModule() {
  const { t } = useTranslation('shell');
  const location = useLocation();
  return (
    <Result
      status="info"
      title={t('embed.outsideModule')}
      extra={
        <Button type="primary" href={`${location.pathname}${location.search}`} target="_blank" rel="noopener">
          {t('embed.openInMasar')}
        </Button>
      }
      data-testid="embed-outside-module"
    />
  );
}

export interface EmbeddedModuleProps {
  module: EmbedModule;
  channel: HostChannel;
  navigateRef: MutableRefObject<NavigateFunction | null>;
}

/** The module alone, in a router of its own: the frame's address stays `/embed/<module>`. */
export function EmbeddedModule({ module, channel, navigateRef }: EmbeddedModuleProps) {
  const source = module === 'skill-review' ? null : EMBED_MODULE_SOURCES[module];
  return (
    <MemoryRouter initialEntries={[source?.initialPath ?? SKILL_REVIEW_PATH]}>
      <NavigationBridge channel={channel} navigateRef={navigateRef} />
      <div className="masar-page" data-testid={`embed-${module}`}>
        <Routes>
          {source ? (
            <Route path={source.routePath} element={<RemoteModule remote={source.remote} module={source.module} />} />
          ) : (
            <Route path={SKILL_REVIEW_PATH} element={<EmbeddedSkillReview channel={channel} />} />
          )}
          <Route path="*" element={<OutsideModule />} />
        </Routes>
      </div>
    </MemoryRouter>
  );
}

export function EmbedWaiting() {
  const { t } = useTranslation('shell');
  return (
    <div data-testid="embed-waiting" aria-live="polite">
      <LoadingSpinner />
      <p style={{ textAlign: 'center' }}>{t('embed.waiting')}</p>
    </div>
  );
}
