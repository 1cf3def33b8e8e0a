import type { PromptTemplate, PromptVersionEntry } from '@masar/contracts';
import { useCurrentUser } from '@masar/shell/runtime';
import { Alert, Button, Card, Flex, Modal, Skeleton, Space, Tag, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePromptVersions } from '../hooks/usePromptVersions';

/** Every saved version of a template, newest first: who, when, what changed; an older one can be restored after confirming. */
export function PromptVersionHistory({ template }: { template: PromptTemplate }) {
  const { t, i18n } = useTranslation('prompts');
  const { user } = useCurrentUser();
  const { versions, isLoading, error, restore, isRestoring } = usePromptVersions(template);
  const [modal, modalContext] = Modal.useModal();
  const formatDate = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const who = (version: PromptVersionEntry) =>
    version.changedBy === user?.id ? t('history.you') : (version.changedByName ?? t('history.anAdmin'));

  const confirmRestore = (version: PromptVersionEntry) =>
    void modal.confirm({
      title: t('history.confirmTitle', { version: version.version }),
      content: t('history.confirmBody'),
      okText: t('history.confirmOk'),
      cancelText: t('history.confirmCancel'),
      okButtonProps: { 'data-testid': 'confirm-ok' } as ButtonProps,
      onOk: () => restore(version),
    });

  return (
    <Card size="small" title={t('history.title')} data-testid="prompt-history">
      {modalContext}
      {error && <Alert type="error" showIcon title={t('history.loadFailed')} description={error.serverMessage ?? error.message} />}
      {isLoading ? (
        <Skeleton active />
      ) : (
        <Flex vertical role="list">
          {versions.map((version, index) => {
            const current = version.version === template.version;
            return (
              <Flex
                key={version.version}
                role="listitem"
                justify="space-between"
                align="start"
                gap="small"
                style={{ padding: '8px 0', borderTop: index === 0 ? undefined : '1px solid rgba(5, 5, 5, 0.06)' }}
                data-testid={`prompt-version-${version.version}`}
              >
                <Flex vertical>
                  <Space wrap size={4}>
                    <Typography.Text strong>{t('template.version', { version: version.version })}</Typography.Text>
                    {current && <Tag color="green">{t('history.current')}</Tag>}
                    {version.restoredFrom !== null && <Tag>{t('history.restoredFrom', { version: version.restoredFrom })}</Tag>}
                  </Space>
                  <Typography.Text type="secondary">
                    {version.changedBy === null ? t('history.builtIn') : t('history.by', { who: who(version), date: formatDate(version.changedAt) })}
                  </Typography.Text>
                  {version.changedBy !== null && (
                    <Typography.Text type="secondary">
                      {version.changes.length > 0
                        ? t('history.changed', { fields: version.changes.map((field) => t(`fields.${field}`)).join(i18n.language === 'ar' ? '، ' : ', ') })
                        : t('history.nothingChanged')}
                    </Typography.Text>
                  )}
                </Flex>
                {!current && (
                  <Button size="small" onClick={() => confirmRestore(version)} disabled={isRestoring} data-testid={`prompt-restore-${version.version}`}>
                    {t('actions.restore')}
                  </Button>
                )}
              </Flex>
            );
          })}
        </Flex>
      )}
    </Card>
  );
}
