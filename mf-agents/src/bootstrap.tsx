import { StandaloneRemote } from '@masar/shell/runtime';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AgentsPage, QualityPage } from './remote-entry';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <StandaloneRemote
      links={[
        { to: '/ai-agents', labelKey: 'agents:nav.agents' },
        { to: '/quality', labelKey: 'agents:nav.quality' },
      ]}
    >
      <Routes>
        <Route path="/ai-agents" element={<AgentsPage />} />
        <Route path="/quality" element={<QualityPage />} />
        <Route path="*" element={<Navigate to="/ai-agents" replace />} />
      </Routes>
    </StandaloneRemote>
  </StrictMode>,
);
