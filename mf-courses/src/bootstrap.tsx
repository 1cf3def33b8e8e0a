import { StandaloneRemote } from '@masar/shell/runtime';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Navigate, Route, Routes } from 'react-router-dom';
import { CourseSearchPage, CoursesPage } from './remote-entry';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <StandaloneRemote
      links={[
        { to: '/courses', labelKey: 'courses:nav.courses' },
        { to: '/course-search', labelKey: 'courses:nav.search' },
      ]}
    >
      <Routes>
        <Route path="/courses/*" element={<CoursesPage />} />
        <Route path="/course-search" element={<CourseSearchPage />} />
        <Route path="*" element={<Navigate to="/courses" replace />} />
      </Routes>
    </StandaloneRemote>
  </StrictMode>,
);
