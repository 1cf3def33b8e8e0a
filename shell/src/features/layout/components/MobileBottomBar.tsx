import { BookOutlined, HomeOutlined, LineChartOutlined, UserOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';

function BarLink({ to, icon, label, testId }: { to: string; icon: ReactNode; label: string; testId: string }) {
  return (
    <NavLink to={to} end={to === '/'} className="masar-bottom-bar-item" data-testid={testId}>
      {icon}
      <span>{label}</span>
    </NavLink>
  );
}

/** The mobile layout's bar: Home, Courses, Progress and Profile (spec section 2). */
export function MobileBottomBar({ onOpenProfile }: { onOpenProfile: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <nav className="masar-bottom-bar" aria-label={t('nav.mobileNavigation')} data-testid="mobile-bottom-bar">
      <BarLink to="/" icon={<HomeOutlined />} label={t('nav.home')} testId="bottom-home" />
      <BarLink to="/courses" icon={<BookOutlined />} label={t('nav.courses')} testId="bottom-courses" />
      <BarLink to="/progress" icon={<LineChartOutlined />} label={t('nav.progress')} testId="bottom-progress" />
      <button type="button" className="masar-bottom-bar-item" onClick={onOpenProfile} data-testid="bottom-profile">
        <UserOutlined />
        <span>{t('nav.profile')}</span>
      </button>
    </nav>
  );
}
