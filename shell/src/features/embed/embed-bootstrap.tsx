import { antdStylesheetLoaded, AppProviders, i18n } from '@masar/shell/runtime';
import { Result } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerShellTranslations } from '../../i18n/shell-translations';
import { loadAntdStyleGenerators } from '../antd-stylesheet/antd-style-generators';
import { loadAntdStylesheet } from '../antd-stylesheet/antd-stylesheet';
import { readAppConfig } from '../remotes/remote-registry';
import { EmbedApp, EmbedHostRefused } from './components/EmbedApp';
import { isAllowedHost, readEmbedRequest } from './embed-request';

/**
 * `/embed/<module>`: one module alone, without the portal's header, menu or footer, in the
 * language asked (`?lang=ar`). Same providers as the portal (store, i18next, antd theme), no router
 * of the browser's: the module moves inside a memory router, so the frame's address never changes.
 */
export async function renderEmbed(container: HTMLElement): Promise<void> {
  registerShellTranslations();
  const stylesheet = loadAntdStylesheet();
  const request = readEmbedRequest(window.location.pathname, window.location.search);
  // The host decides the language of its page; the person's stored choice on Masar is left alone.
  await i18n.changeLanguage(request?.language ?? 'en');
  const allowedOrigins = await readAppConfig()
    .then((config) => config.embedAllowedOrigins)
    .catch(() => []);
  if (await stylesheet) antdStylesheetLoaded();
  else await loadAntdStyleGenerators();
  let page;
  if (!request) page = <Result status="404" title={i18n.t('shell:notFound.title')} data-testid="not-found" />;
  else if (!isAllowedHost(request.hostOrigin, allowedOrigins)) page = <EmbedHostRefused />;
  else page = <EmbedApp module={request.module} hostOrigin={request.hostOrigin} />;
  createRoot(container).render(
    <StrictMode>
      <AppProviders>{page}</AppProviders>
    </StrictMode>,
  );
}
