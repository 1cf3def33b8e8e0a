import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IncompatibleRemoteError, RefusedRemoteVersion } from '../incompatible-remote';

export interface RemoteIncompatibleProps {
  error: IncompatibleRemoteError;
  onRetry: () => void;
}

/** Says that a remote was not opened because it was built for another portal, and what it needs. */
export function RemoteIncompatible({ error, onRetry }: RemoteIncompatibleProps) {
  const { t } = useTranslation('shell');
  const { t: tCommon } = useTranslation('common');
  const versionOf = (refused: RefusedRemoteVersion) => refused.version ?? t('remote.incompatible.unknownVersion');
  const reasons = (refused: RefusedRemoteVersion) =>
    refused.unmet.length === 0
      ? [t('remote.incompatible.noDeclaration')]
      : refused.unmet.map(({ dependency, required, provided }) =>
          t('remote.incompatible.requirement', { dependency, required, provided: provided ?? t('remote.incompatible.notProvided') }),
        );
  return (
    <Result
      status="warning"
      title={t('remote.incompatible.title')}
      subTitle={t('remote.incompatible.description', { remote: error.remote, version: versionOf(error.refused) })}
      extra={
        <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry} data-testid="remote-retry">
          {tCommon('actions.retry')}
        </Button>
      }
      data-testid="remote-incompatible"
    >
      {reasons(error.refused).map((reason) => (
        <Typography.Paragraph key={reason} dir="auto">
          {reason}
        </Typography.Paragraph>
      ))}
      {error.fallback && (
        <Typography.Paragraph data-testid="remote-incompatible-fallback">
          {t('remote.incompatible.fallbackToo', { version: versionOf(error.fallback) })} {reasons(error.fallback).join(' ')}
        </Typography.Paragraph>
      )}
    </Result>
  );
}
