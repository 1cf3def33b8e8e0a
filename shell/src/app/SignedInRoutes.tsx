import type { User } from '@masar/contracts';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AdminOnly } from '../features/access/components/AdminOnly';
import { AiUsePage } from '../features/account/components/AiUsePage';
import { ChangePasswordPage } from '../features/account/components/ChangePasswordPage';
import { LtiRegistrationPage } from '../features/admin/lti/components/LtiRegistrationPage';
import { EmbedClientsPage } from '../features/admin/embed-clients/components/EmbedClientsPage';
import { PeoplePage } from '../features/admin/people/components/PeoplePage';
import { HomePage } from '../features/home/components/HomePage';
import { SignedInLayout } from '../features/layout/components/SignedInLayout';
import { NotFoundPage } from '../features/not-found/components/NotFoundPage';
import { RemoteModule } from '../features/remotes/components/RemoteModule';
import { REMOTE_ROUTES } from '../features/remotes/remote-routes';

export function SignedInRoutes({ user }: { user: User }) {
  return (
    <SignedInLayout user={user}>
      <Routes>
        <Route path="/" element={<HomePage />} />
        {/* The gateway's /api/login lands here; a signed-in person goes home. */}
        <Route path="/login" element={<Navigate to="/" replace />} />
        <Route path="/account/password" element={<ChangePasswordPage />} />
        <Route path="/account/ai-use" element={<AiUsePage />} />
        <Route
          path="/admin/people"
          element={
            <AdminOnly>
              <PeoplePage />
            </AdminOnly>
          }
        />
        <Route
          path="/admin/lti"
          element={
            <AdminOnly>
              <LtiRegistrationPage />
            </AdminOnly>
          }
        />
        <Route
          path="/admin/embed-clients"
          element={
            <AdminOnly>
              <EmbedClientsPage />
            </AdminOnly>
          }
        />
        {REMOTE_ROUTES.map(({ path, remote, module, adminOnly }) => {
          const page = <RemoteModule key={`${remote}${module}`} remote={remote} module={module} />;
          return <Route key={path} path={path} element={adminOnly ? <AdminOnly>{page}</AdminOnly> : page} />;
        })}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </SignedInLayout>
  );
}
