import { KeyOutlined, LogoutOutlined, RobotOutlined } from '@ant-design/icons';
import type { User } from '@masar/contracts';
import { LanguageSwitch, useLanguage } from '@masar/shell/runtime';
import { Button, Drawer, Flex, Menu, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useSignOut } from '../../auth/hooks/useSignOut';
import { visibleNavigation } from '../navigation';

export interface ProfileDrawerProps {
  user: User;
  open: boolean;
  onClose: () => void;
}

/** On small screens: who is signed in, the rest of the navigation, language and logout. */
export function ProfileDrawer({ user, open, onClose }: ProfileDrawerProps) {
  const { t } = useTranslation('shell');
  const { direction } = useLanguage();
  const { signOut, isSigningOut } = useSignOut();
  const items = visibleNavigation(user.role === 'admin').map((item) => ({
    key: item.path,
    label: (
      <NavLink to={item.path} onClick={onClose} data-testid={`drawer-${item.testId}`}>
        {t(item.labelKey)}
      </NavLink>
    ),
  }));

  return (
    <Drawer
      title={t('profile.title')}
      open={open}
      onClose={onClose}
      placement={direction === 'rtl' ? 'left' : 'right'}
      size={300}
      data-testid="profile-drawer"
    >
      <Flex vertical gap="middle">
        <div>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {user.firstName} {user.lastName}
          </Typography.Title>
          <Typography.Text type="secondary">{t(`profile.roles.${user.role}`)}</Typography.Text>
        </div>
        <LanguageSwitch />
        <Menu
          mode="inline"
          items={[
            ...items,
            {
              key: '/account/password',
              icon: <KeyOutlined />,
              label: (
                <NavLink to="/account/password" onClick={onClose} data-testid="drawer-change-password">
                  {t('nav.changePassword')}
                </NavLink>
              ),
            },
            {
              key: '/account/ai-use',
              icon: <RobotOutlined />,
              label: (
                <NavLink to="/account/ai-use" onClick={onClose} data-testid="drawer-ai-use">
                  {t('account.aiUse.menu')}
                </NavLink>
              ),
            },
          ]}
          selectable={false}
          style={{ borderInlineEnd: 'none' }}
        />
        <Button icon={<LogoutOutlined className="masar-flip-rtl" />} danger loading={isSigningOut} onClick={() => void signOut()} data-testid="drawer-logout">
          {t('nav.logout')}
        </Button>
      </Flex>
    </Drawer>
  );
}
