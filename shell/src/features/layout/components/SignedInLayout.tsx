import type { User } from '@masar/contracts';
import { LoadingSpinner } from '@masar/shell/runtime';
import { Grid, Layout } from 'antd';
import { Suspense, useState, type ReactNode } from 'react';
import { AppHeader } from './AppHeader';
import { MobileBottomBar } from './MobileBottomBar';
import { ProfileDrawer } from './ProfileDrawer';

export function SignedInLayout({ user, children }: { user: User; children: ReactNode }) {
  const screens = Grid.useBreakpoint();
  // `md` starts at 768 px; until the first measurement, assume a wide screen.
  const isCompact = screens.md === false;
  const [profileOpen, setProfileOpen] = useState(false);
  // The drawer (downloaded on first use, antd-used.mjs) is mounted once it is first opened, so home does not fetch it.
  const [profileOpened, setProfileOpened] = useState(false);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader user={user} isCompact={isCompact} />
      <Layout.Content className={isCompact ? 'masar-content masar-content-compact' : 'masar-content'}>
        {/* A page whose antd parts are still downloading (antd-used.mjs) waits here, under the header. */}
        <Suspense fallback={<LoadingSpinner />}>{children}</Suspense>
      </Layout.Content>
      {isCompact && (
        <>
          <MobileBottomBar
            onOpenProfile={() => {
              setProfileOpened(true);
              setProfileOpen(true);
            }}
          />
          {profileOpened && <ProfileDrawer user={user} open={profileOpen} onClose={() => setProfileOpen(false)} />}
        </>
      )}
    </Layout>
  );
}
