import type { User } from '@masar/contracts';
import { Grid, Layout } from 'antd';
import { useState, type ReactNode } from 'react';
import { AppHeader } from './AppHeader';
import { MobileBottomBar } from './MobileBottomBar';
import { ProfileDrawer } from './ProfileDrawer';

export function SignedInLayout({ user, children }: { user: User; children: ReactNode }) {
  const screens = Grid.useBreakpoint();
  // `md` starts at 768 px; until the first measurement, assume a wide screen.
  const isCompact = screens.md === false;
  const [profileOpen, setProfileOpen] = useState(false);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader user={user} isCompact={isCompact} />
      <Layout.Content className={isCompact ? 'masar-content masar-content-compact' : 'masar-content'}>
        {children}
      </Layout.Content>
      {isCompact && (
        <>
          <MobileBottomBar onOpenProfile={() => setProfileOpen(true)} />
          <ProfileDrawer user={user} open={profileOpen} onClose={() => setProfileOpen(false)} />
        </>
      )}
    </Layout>
  );
}
