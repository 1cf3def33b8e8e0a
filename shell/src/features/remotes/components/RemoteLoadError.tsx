import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface RemoteLoadErrorProps {
  moduleName: string;
  message: string;
  onRetry: () => void;
}

/** Names the module that failed, says what to do, and keeps the technical cause at hand. */
export function RemoteLoadError({ moduleName, message, onRetry }: RemoteLoadErrorProps) {
  const { t } = useTranslation('shell');
  const { t: tCommon } = useTranslation('common');
  return (
    <Result
      status="error"
      title={t('remote.loadFailed.title')}
      subTitle={t('remote.loadFailed.description', { module: moduleName })}
      extra={
        <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry} data-testid="remote-retry">
          {tCommon('actions.retry')}
        </Button>
      }
      data-testid="remote-error"
    >
      <Typography.Paragraph
        type="secondary"
        code
        ellipsis={{ rows: 2, expandable: true }}
        style={{ maxWidth: 720, marginInline: 'auto', marginBottom: 0 }}
        data-testid="remote-error-cause"
      >
        {message}
      </Typography.Paragraph>
    </Result>
  );
}
