import type { EmbedModule } from '@masar/contracts';
import { enterEmbedMode, setEmbedSessionToken, store } from '@masar/shell/runtime';
import { Result } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NavigateFunction } from 'react-router-dom';
import { authApi } from '../../auth/auth.api';
import { exchangeEmbedToken } from '../embed-session-exchange';
import { forwardDomainEvents } from '../forward-domain-events';
import { createHostChannel } from '../host-channel';
import { EmbeddedModule, EmbedWaiting, ResizeReporter } from './EmbedFrame';

type SessionState = { kind: 'waiting' } | { kind: 'signed-in' } | { kind: 'refused'; message: string };

/**
 * `/embed/<module>` in a host page's frame: says `masar:ready`, waits for the host's
 * `masar:session {token}`, trades it for a session kept in memory, then shows the module alone
 * and reports its height, its moves and its domain events. When the session ends (a 401), it
 * says `masar:ready` again so the host can send a fresh token.
 */
export function EmbedApp({ module, hostOrigin }: { module: EmbedModule; hostOrigin: string }) {
  const { t } = useTranslation('shell');
  const channel = useMemo(() => createHostChannel(hostOrigin), [hostOrigin]);
  const [session, setSession] = useState<SessionState>({ kind: 'waiting' });
  const navigateRef = useRef<NavigateFunction | null>(null);

  useEffect(() => {
    const announceReady = () => channel.post({ type: 'masar:ready', module });
    enterEmbedMode(() => {
      setSession({ kind: 'waiting' });
      announceReady();
    });
    const stopListening = channel.listen((message) => {
      if (message.type === 'masar:navigate') {
        navigateRef.current?.(message.path);
        return;
      }
      void exchangeEmbedToken(message.token, hostOrigin).then((result) => {
        if (result.kind === 'refused') {
          setSession({ kind: 'refused', message: result.message });
          channel.post({ type: 'masar:session-refused', message: result.message });
          return;
        }
        setEmbedSessionToken(result.sessionToken);
        store.dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, result.user));
        setSession({ kind: 'signed-in' });
      });
    });
    const stopEvents = forwardDomainEvents((event) => channel.post(event));
    announceReady();
    return () => {
      stopListening();
      stopEvents();
    };
  }, [channel, hostOrigin, module]);

  return (
    <ResizeReporter channel={channel}>
      {session.kind === 'waiting' && <EmbedWaiting />}
      {session.kind === 'refused' && (
        <Result status="warning" title={t('embed.refused')} subTitle={session.message} data-testid="embed-refused" />
      )}
      {session.kind === 'signed-in' && <EmbeddedModule module={module} channel={channel} navigateRef={navigateRef} />}
    </ResizeReporter>
  );
}

/** An embed page opened with a host that may not receive Masar's messages: it says so and sends nothing. */
export function EmbedHostRefused() {
  const { t } = useTranslation('shell');
  return <Result status="403" title={t('embed.hostNotAllowed.title')} subTitle={t('embed.hostNotAllowed.description')} data-testid="embed-host-refused" />;
}
