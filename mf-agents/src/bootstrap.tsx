import { StandaloneRemote } from '@masar/shell/runtime';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AgentsPage, GovernancePage, PromptsPage, QualityPage } from './remote-entry';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <StandaloneRemote
      links={[
        { to: '/ai-agents', labelKey: 'agents:nav.agents' },
        { to: '/quality', labelKey: 'agents:nav.quality' },
        { to: '/ai-agents/prompts', labelKey: 'prompts:page.title' },
        { to: '/ai-agents/governance', labelKey: 'governance:page.title' },
      ]}
    >
      <Routes>
        <Route path="/ai-agents" element={<AgentsPage />} />
        <Route path="/quality" element={<QualityPage />} />
        <Route path="/ai-agents/prompts" element={<PromptsPage />} />
        <Route path="/ai-agents/governance" element={<GovernancePage />} />
        <Route path="*" element={<Navigate to="/ai-agents" replace />} />
      </Routes>
    </StandaloneRemote>
  </StrictMode>,
);
