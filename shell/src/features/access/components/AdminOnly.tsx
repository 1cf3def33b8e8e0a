import { useCurrentUser } from '@masar/shell/runtime';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

function NotAllowed() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={t('notAllowed.title')}
      subTitle={t('notAllowed.description')}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('notAllowed.returnHome')}
        </Button>
      }
      data-testid="not-allowed"
    />
  );
}

/** Shows its children to admins only; a learner who types the URL gets a clear refusal. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { isAdmin } = useCurrentUser();
  return isAdmin ? <>{children}</> : <NotAllowed />;
}
