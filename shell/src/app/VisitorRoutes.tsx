import { Route, Routes, useNavigate } from 'react-router-dom';
import { useDemoSignIn } from '../features/auth/hooks/useDemoSignIn';
import { LoginScreen } from '../features/auth/components/LoginScreen';
import { LandingPage } from '../features/landing/components/LandingPage';

/** Signed out: the login screen at /login, the landing page everywhere else. */
export function VisitorRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginScreen />} />
      <Route path="*" element={<VisitorLanding />} />
    </Routes>
  );
}

/** The same landing page as the lean first page (lean-landing.tsx), wired to the portal's router and store. */
function VisitorLanding() {
  const navigate = useNavigate();
  const { startDemo, isStartingDemo } = useDemoSignIn({ reportFailures: false });
  return <LandingPage onLogin={() => navigate('/login')} onDemoLogin={() => void startDemo()} isStartingDemo={isStartingDemo} />;
}
