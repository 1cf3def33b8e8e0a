import { StandaloneRemote, i18n, showToast } from '@masar/shell/runtime';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Navigate, Route, Routes } from 'react-router-dom';
import { JobDescriptionWorkflow, JobRolesPage } from './remote-entry';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** Alone, the remote plays the shell's part in the hand-off: it only says the skills were saved. */
function StandaloneHome() {
  return (
    <JobDescriptionWorkflow
      onSkillsConfirmed={({ jobTitle, confirmedSkills }) =>
        showToast({
          kind: 'success',
          title: i18n.t('jobroles:toasts.skillsSaved.title'),
          description: i18n.t('jobroles:toasts.skillsSaved.description', { total: confirmedSkills.length, jobTitle }),
        })
      }
    />
  );
}

createRoot(container).render(
  <StrictMode>
    <StandaloneRemote
      links={[
        { to: '/', labelKey: 'jobroles:nav.home' },
        { to: '/job-roles', labelKey: 'jobroles:nav.jobRoles' },
      ]}
    >
      <Routes>
        <Route path="/" element={<StandaloneHome />} />
        <Route path="/job-roles/*" element={<JobRolesPage />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </StandaloneRemote>
  </StrictMode>,
);
