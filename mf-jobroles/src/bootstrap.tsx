import { StandaloneRemote } from '@masar/shell/runtime';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Navigate, Route, Routes } from 'react-router-dom';
import { JobRolesPage } from './remote-entry';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <StandaloneRemote links={[{ to: '/job-roles', labelKey: 'jobroles:nav.jobRoles' }]}>
      <Routes>
        <Route path="/job-roles/*" element={<JobRolesPage />} />
        <Route path="*" element={<Navigate to="/job-roles" replace />} />
      </Routes>
    </StandaloneRemote>
  </StrictMode>,
);
