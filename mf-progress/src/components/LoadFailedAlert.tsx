import type { ApiError } from '@masar/shell/runtime';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

export interface LoadFailedAlertProps {
  title: string;
  failure: ApiError | undefined;
  onRetry: () => void;
}

/** A page whose data did not load: what failed, the server's words, and a Retry that refetches. */
export function LoadFailedAlert({ title, failure, onRetry }: LoadFailedAlertProps) {
  const { t } = useTranslation('progress');
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={failure?.serverMessage ?? failure?.message}
      action={
        <Button onClick={onRetry} data-testid="load-retry">
          {t('actions.retry')}
        </Button>
      }
      data-testid="load-failed"
    />
  );
}
