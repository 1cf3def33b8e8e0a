import { Route, Routes } from 'react-router-dom';
import { LoginScreen } from '../features/auth/components/LoginScreen';
import { LandingPage } from '../features/landing/components/LandingPage';

/** Signed out: the login screen at /login, the landing page everywhere else. */
export function VisitorRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginScreen />} />
      <Route path="*" element={<LandingPage />} />
    </Routes>
  );
}
