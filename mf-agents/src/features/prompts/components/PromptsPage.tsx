import { showToast, toApiError } from '@masar/shell/runtime';
import { Alert, Button, Card, Col, Empty, Flex, Result, Row, Skeleton, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useGetPromptQuery, useListPromptsQuery } from '../prompts.api';
import { PromptEditor } from './PromptEditor';

/**
 * `/ai-agents/prompts` (admins; the shell guards the route and the gateway and svc-ai check again):
 * the stored prompt templates, and the editor of the one named in `?name=` (the first by default).
 */
export function PromptsPage() {
  const { t } = useTranslation('prompts');
  const [searchParams, setSearchParams] = useSearchParams();
  const list = useListPromptsQuery();
  const templates = list.data?.items ?? [];
  const selectedName = searchParams.get('name') ?? templates[0]?.name;
  const selected = useGetPromptQuery(selectedName ?? '', { skip: selectedName === undefined });
  const listError = toApiError(list.error);
  const selectedError = toApiError(selected.error);
  const notFound = selectedError?.status === 404;

  useEffect(() => {
    if (notFound) showToast({ kind: 'error', title: t('toasts.notFound') });
  }, [notFound, t]);

  return (
    <Flex vertical gap="middle" data-testid="prompts-page">
      <div>
        <Typography.Title level={2} style={{ marginBottom: 4 }}>
          {t('page.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('page.subtitle')}</Typography.Text>
      </div>
      {listError && <Alert type="error" showIcon title={t('page.loadFailed')} description={listError.serverMessage ?? listError.message} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={7}>
          <Card size="small" title={t('page.listTitle')}>
            {list.isLoading ? (
              <Skeleton active />
            ) : templates.length === 0 ? (
              <Empty description={t('page.empty')} />
            ) : (
              <Flex vertical gap={4} role="list" data-testid="prompt-list">
                {templates.map((template) => {
                  const current = template.name === selectedName;
                  // The list item wraps the button: a button may not take the listitem role itself.
                  return (
                    <div key={template.id} role="listitem">
                      <Button
                        block
                        type={current ? 'primary' : 'text'}
                        ghost={current}
                        onClick={() => setSearchParams({ name: template.name })}
                        aria-current={current ? 'true' : undefined}
                        style={{ height: 'auto', justifyContent: 'space-between', textAlign: 'start', whiteSpace: 'normal' }}
                        data-testid={`prompt-item-${template.name}`}
                      >
                        <Flex vertical align="start">
                          <Typography.Text strong={current}>{template.name}</Typography.Text>
                          <Typography.Text type="secondary" style={{ fontSize: 12 }} dir="auto">
                            {template.category}
                          </Typography.Text>
                        </Flex>
                        <Tag>{t('template.version', { version: template.version })}</Tag>
                      </Button>
                    </div>
                  );
                })}
              </Flex>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={17}>
          {notFound ? (
            <Result status="404" title={t('toasts.notFound')} data-testid="prompt-not-found" />
          ) : selected.data ? (
            // A new version (saved here or restored) starts a fresh draft.
            <PromptEditor key={`${selected.data.id}:${selected.data.version}`} template={selected.data} />
          ) : selectedError ? (
            <Alert type="error" showIcon title={t('page.loadFailed')} description={selectedError.serverMessage ?? selectedError.message} />
          ) : list.isLoading || selected.isLoading ? (
            <Skeleton active />
          ) : (
            <Empty description={t('page.chooseOne')} />
          )}
        </Col>
      </Row>
    </Flex>
  );
}
