import { StandaloneRemote } from '@masar/shell/runtime';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Navigate, Route, Routes } from 'react-router-dom';
import { DashboardPage, LearningPathsPage, ProgressPage } from './remote-entry';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Alone, the dashboard is not guarded: the shell's admin check and the gateway still are.
createRoot(container).render(
  <StrictMode>
    <StandaloneRemote
      links={[
        { to: '/progress', labelKey: 'progress:nav.progress' },
        { to: '/learning-paths', labelKey: 'learningPaths:nav.learningPaths' },
        { to: '/dashboard', labelKey: 'progress:nav.dashboard' },
      ]}
    >
      <Routes>
        <Route path="/progress" element={<ProgressPage />} />
        <Route path="/learning-paths/*" element={<LearningPathsPage />} />
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route path="*" element={<Navigate to="/progress" replace />} />
      </Routes>
    </StandaloneRemote>
  </StrictMode>,
);
