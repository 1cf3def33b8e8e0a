import { MasarProviders } from '@masar/shell/runtime';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerShellTranslations } from './i18n/shell-translations';

registerShellTranslations();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <MasarProviders>
      <App />
    </MasarProviders>
  </StrictMode>,
);
