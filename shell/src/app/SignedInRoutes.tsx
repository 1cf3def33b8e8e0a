import type { User } from '@masar/contracts';
import { LoadingSpinner } from '@masar/shell/runtime';
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AdminOnly } from '../features/access/components/AdminOnly';
import { HomePage } from '../features/home/components/HomePage';
import { SignedInLayout } from '../features/layout/components/SignedInLayout';
import { RemoteModule } from '../features/remotes/components/RemoteModule';
import { REMOTE_ROUTES } from '../features/remotes/remote-routes';
import { lazyPage } from './lazy-page';

// The shell's pages other than home download when first visited, so the home page does not carry
// them (the People area alone is about 5 KB compressed).
const AiUsePage = lazyPage(() => import('../features/account/components/AiUsePage').then((module) => module.AiUsePage));
const ChangePasswordPage = lazyPage(() => import('../features/account/components/ChangePasswordPage').then((module) => module.ChangePasswordPage));
const PeoplePage = lazyPage(() => import('../features/admin/people/components/PeoplePage').then((module) => module.PeoplePage));
const LtiRegistrationPage = lazyPage(() => import('../features/admin/lti/components/LtiRegistrationPage').then((module) => module.LtiRegistrationPage));
const EmbedClientsPage = lazyPage(() => import('../features/admin/embed-clients/components/EmbedClientsPage').then((module) => module.EmbedClientsPage));
const NotFoundPage = lazyPage(() => import('../features/not-found/components/NotFoundPage').then((module) => module.NotFoundPage));

export function SignedInRoutes({ user }: { user: User }) {
  return (
    <SignedInLayout user={user}>
      <Suspense fallback={<LoadingSpinner />}>
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
            const page = <RemoteModule key={`${remote}${module}`} remote={remote} module={module} wholePage />;
            return <Route key={path} path={path} element={adminOnly ? <AdminOnly>{page}</AdminOnly> : page} />;
          })}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </SignedInLayout>
  );
}
