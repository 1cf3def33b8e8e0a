import type { CreatedEmbedClient, EmbedClient } from '@masar/contracts';
import { showToast, toApiError } from '@masar/shell/runtime';
import { Alert, Button, Flex, Form, Input, Modal, Popconfirm, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateEmbedClientMutation, useListEmbedClientsQuery, useRevokeEmbedClientMutation } from '../embed-clients.api';

/**
 * `/admin/embed-clients` (admins): the credentials an HR suite's server uses to ask for embed tokens
 * (README "Embedding Masar"). The secret is shown once, right after creation; revoking asks first.
 */
export function EmbedClientsPage() {
  const { t } = useTranslation('shell');
  const { data, isFetching, error } = useListEmbedClientsQuery();
  const [createClient, creation] = useCreateEmbedClientMutation();
  const [revokeClient] = useRevokeEmbedClientMutation();
  const [created, setCreated] = useState<CreatedEmbedClient | null>(null);
  const [form] = Form.useForm<{ name: string }>();
  const apiError = toApiError(error);

  const create = async ({ name }: { name: string }) => {
    try {
      setCreated(await createClient({ name }).unwrap());
      form.resetFields();
    } catch (failure) {
      showToast({ kind: 'error', title: t('embedClients.toasts.failed'), description: toApiError(failure)?.serverMessage ?? toApiError(failure)?.message });
    }
  };

  const revoke = async (client: EmbedClient) => {
    try {
      await revokeClient(client.id).unwrap();
      showToast({ kind: 'success', title: t('embedClients.toasts.revoked', { name: client.name }) });
    } catch (failure) {
      showToast({ kind: 'error', title: t('embedClients.toasts.failed'), description: toApiError(failure)?.message });
    }
  };

  return (
    <Flex vertical gap="middle" data-testid="embed-clients-page">
      <div>
        <Typography.Title level={2} style={{ marginBottom: 4 }}>
          {t('embedClients.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('embedClients.subtitle')}</Typography.Text>
      </div>
      <Form form={form} layout="inline" onFinish={(values) => void create(values)}>
        <Form.Item
          name="name"
          label={t('embedClients.name')}
          rules={[{ required: true, whitespace: true, message: t('embedClients.nameRequired') }, { max: 100 }]}
        >
          <Input data-testid="embed-client-name" maxLength={100} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={creation.isLoading} data-testid="embed-client-create">
          {t('embedClients.create')}
        </Button>
      </Form>
      {apiError && <Alert type="error" showIcon message={t('embedClients.loadFailed')} description={apiError.message} />}
      <Table<EmbedClient>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.clients ?? []}
        pagination={false}
        columns={[
          { title: t('embedClients.name'), dataIndex: 'name' },
          { title: t('embedClients.clientId'), dataIndex: 'clientId', render: (value: string) => <Typography.Text code copyable>{value}</Typography.Text> },
          { title: t('embedClients.createdAt'), dataIndex: 'createdAt', render: (value: string) => new Date(value).toLocaleString() },
          {
            title: t('embedClients.status'),
            dataIndex: 'revokedAt',
            render: (revokedAt: string | null) =>
              revokedAt ? <Tag color="red">{t('embedClients.revoked')}</Tag> : <Tag color="green">{t('embedClients.active')}</Tag>,
          },
          {
            title: t('embedClients.actions'),
            key: 'actions',
            render: (_value, client) =>
              client.revokedAt ? null : (
                <Popconfirm
                  title={t('embedClients.confirmRevoke.title', { name: client.name })}
                  description={t('embedClients.confirmRevoke.description')}
                  okText={t('embedClients.confirmRevoke.ok')}
                  cancelText={t('embedClients.confirmRevoke.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => revoke(client)}
                >
                  <Button danger data-testid={`embed-client-revoke-${client.clientId}`}>
                    {t('embedClients.revoke')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
      <Modal
        open={created !== null}
        title={t('embedClients.secretTitle')}
        onOk={() => setCreated(null)}
        onCancel={() => setCreated(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
        okText={t('embedClients.secretDone')}
      >
        {created && (
          <Flex vertical gap="small" data-testid="embed-client-secret">
            <Alert type="warning" showIcon message={t('embedClients.secretOnce')} />
            <Typography.Text>{t('embedClients.clientId')}</Typography.Text>
            <Typography.Text code copyable>
              {created.client.clientId}
            </Typography.Text>
            <Typography.Text>{t('embedClients.secret')}</Typography.Text>
            <Typography.Text code copyable>
              {created.clientSecret}
            </Typography.Text>
          </Flex>
        )}
      </Modal>
    </Flex>
  );
}
