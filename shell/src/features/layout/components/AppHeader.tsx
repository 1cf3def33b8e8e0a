import { KeyOutlined, LogoutOutlined, RobotOutlined, UserOutlined } from '@ant-design/icons';
import type { User } from '@masar/contracts';
import { LanguageSwitch } from '@masar/shell/runtime';
import { Avatar, Button, Dropdown, Flex, Layout, Menu, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useSignOut } from '../../auth/hooks/useSignOut';
import { activeNavigationPath, visibleNavigation } from '../navigation';
import { BrandMark } from './BrandMark';

export interface AppHeaderProps {
  user: User;
  /** Below 768 px the links move to the bottom bar. */
  isCompact: boolean;
}

export function AppHeader({ user, isCompact }: AppHeaderProps) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { signOut, isSigningOut } = useSignOut();
  const items = visibleNavigation(user.role === 'admin').map((item) => ({
    key: item.path,
    label: (
      <NavLink to={item.path} data-testid={item.testId} end={item.path === '/'}>
        {t(item.labelKey)}
      </NavLink>
    ),
  }));

  return (
    <Layout.Header className="masar-header">
      <Flex align="center" gap="middle" style={{ height: '100%' }}>
        <BrandMark />
        {!isCompact && (
          <nav aria-label={t('nav.mainNavigation')} style={{ flex: 1, minWidth: 0 }}>
            <Menu
              mode="horizontal"
              items={items}
              selectedKeys={[activeNavigationPath(pathname)]}
              disabledOverflow
              style={{ borderBottom: 'none', background: 'transparent' }}
            />
          </nav>
        )}
        <Space size="middle" style={{ marginInlineStart: 'auto' }}>
          {/* On small screens the switch lives in the Profile drawer, to keep the header on one line. */}
          {!isCompact && <LanguageSwitch />}
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                {
                  key: 'change-password',
                  icon: <KeyOutlined />,
                  label: <span data-testid="menu-change-password">{t('nav.changePassword')}</span>,
                  onClick: () => navigate('/account/password'),
                },
                {
                  key: 'ai-use',
                  icon: <RobotOutlined />,
                  label: <span data-testid="menu-ai-use">{t('account.aiUse.menu')}</span>,
                  onClick: () => navigate('/account/ai-use'),
                },
              ],
            }}
          >
            <Button type="text" aria-label={t('profile.title')} data-testid="profile-menu">
              <Space size={6} data-testid="user-first-name">
                <Avatar size="small" icon={<UserOutlined />} />
                <Typography.Text>{user.firstName}</Typography.Text>
              </Space>
            </Button>
          </Dropdown>
          {!isCompact && (
            <Button icon={<LogoutOutlined className="masar-flip-rtl" />} loading={isSigningOut} onClick={() => void signOut()} data-testid="logout-button">
              {t('nav.logout')}
            </Button>
          )}
        </Space>
      </Flex>
    </Layout.Header>
  );
}
