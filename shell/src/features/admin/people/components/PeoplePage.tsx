import { MoreOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { USER_ROLES, USER_STATUSES, type User, type UserRole, type UserStatus } from '@masar/contracts';
import { toApiError, useCurrentUser } from '@masar/shell/runtime';
import { Alert, Button, Dropdown, Flex, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { fullName, usePeopleActions } from '../hooks/usePeopleActions';
import { useListPeopleQuery } from '../people.api';
import { AddPersonForm } from './AddPersonForm';
import { ImportPeopleModal } from './ImportPeopleModal';
import { PersonDetailDrawer } from './PersonDetailDrawer';
import { ResetPasswordModal } from './ResetPasswordModal';

const PAGE_SIZE = 20;

/** `/admin/people` (admins): find people, add or import them, and manage their access. */
export function PeoplePage() {
  const { t } = useTranslation('shell');
  const { user: me } = useCurrentUser();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<UserRole | undefined>();
  const [status, setStatus] = useState<UserStatus | undefined>();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [resetting, setResetting] = useState<User | null>(null);
  const [detail, setDetail] = useState<User | null>(null);
  const { data, isFetching, error } = useListPeopleQuery({ search: search.trim() || undefined, role, status, page, pageSize: PAGE_SIZE });
  const actions = usePeopleActions();
  const [modal, modalContext] = Modal.useModal();
  const apiError = toApiError(error);

  const confirmDeactivate = (user: User) =>
    void modal.confirm({
      title: t('people.confirm.deactivateTitle', { name: fullName(user) }),
      content: t('people.confirm.deactivateDescription'),
      okText: t('people.confirm.ok'),
      cancelText: t('people.confirm.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as ButtonProps,
      onOk: () => actions.setActive(user, false),
    });

  const confirmRole = (user: User, newRole: UserRole) =>
    void modal.confirm({
      title: t('people.confirm.roleTitle', { name: fullName(user), role: t(`people.roles.${newRole}`) }),
      okText: t('people.confirm.ok'),
      cancelText: t('people.confirm.cancel'),
      okButtonProps: { 'data-testid': 'confirm-ok' } as ButtonProps,
      onOk: () => actions.setRole(user, newRole),
    });

  const menuFor = (user: User) => {
    const isMe = user.id === me?.id;
    return {
      items: [
        { key: 'details', label: t('people.actions.details'), onClick: () => setDetail(user) },
        user.active
          ? { key: 'deactivate', label: t('people.actions.deactivate'), danger: true, disabled: isMe, onClick: () => confirmDeactivate(user) }
          : { key: 'reactivate', label: t('people.actions.reactivate'), onClick: () => void actions.setActive(user, true) },
        { key: 'reset', label: t('people.actions.resetPassword'), disabled: isMe, onClick: () => setResetting(user) },
        user.role === 'admin'
          ? { key: 'learner', label: t('people.actions.makeLearner'), disabled: isMe, onClick: () => confirmRole(user, 'learner') }
          : { key: 'admin', label: t('people.actions.makeAdmin'), onClick: () => confirmRole(user, 'admin') },
      ].map((item) => ({ ...item, 'data-testid': `person-action-${item.key}` })),
    };
  };

  return (
    <Flex vertical gap="middle" data-testid="people-page">
      {modalContext}
      <div>
        <Typography.Title level={2} style={{ marginBottom: 4 }}>
          {t('people.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('people.subtitle')}</Typography.Text>{' '}
        <Link to="/admin/embed-clients" data-testid="embed-clients-link">
          {t('nav.embedClients')}
        </Link>
      </div>
      <Flex gap="small" wrap justify="space-between">
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('people.searchPlaceholder')}
            aria-label={t('people.searchPlaceholder')}
            onSearch={(value) => {
              setSearch(value);
              setPage(1);
            }}
            style={{ width: 280 }}
            data-testid="people-search"
          />
          <Select<UserRole | 'all'>
            value={role ?? 'all'}
            onChange={(value) => {
              setRole(value === 'all' ? undefined : value);
              setPage(1);
            }}
            style={{ width: 150 }}
            aria-label={t('people.columns.role')}
            options={[{ value: 'all', label: t('people.allRoles') }, ...USER_ROLES.map((value) => ({ value, label: t(`people.roles.${value}`) }))]}
            data-testid="people-role-filter"
          />
          <Select<UserStatus | 'all'>
            value={status ?? 'all'}
            onChange={(value) => {
              setStatus(value === 'all' ? undefined : value);
              setPage(1);
            }}
            style={{ width: 160 }}
            aria-label={t('people.columns.status')}
            options={[
              { value: 'all', label: t('people.allStatuses') },
              ...USER_STATUSES.map((value) => ({ value, label: t(`people.status.${value}`) })),
            ]}
            data-testid="people-status-filter"
          />
        </Space>
        <Space wrap>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="people-import">
            {t('people.importCsv')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="people-add">
            {t('people.addPerson')}
          </Button>
        </Space>
      </Flex>
      {apiError && <Alert type="error" showIcon title={t('people.toasts.loadFailed')} description={apiError.serverMessage ?? apiError.message} />}
      <Table<User>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.items ?? []}
        scroll={{ x: 760 }}
        data-testid="people-table"
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
        columns={[
          {
            title: t('people.columns.name'),
            render: (_value, user) => (
              <Space size={4} wrap>
                <Typography.Link onClick={() => setDetail(user)} dir="auto">
                  {fullName(user)}
                </Typography.Link>
                {user.id === me?.id && <Tag>{t('people.you')}</Tag>}
              </Space>
            ),
          },
          { title: t('people.columns.username'), dataIndex: 'username', render: (username: string) => <span dir="auto">{username}</span> },
          { title: t('people.columns.email'), dataIndex: 'email', render: (email: string) => <span dir="ltr">{email}</span> },
          {
            title: t('people.columns.role'),
            dataIndex: 'role',
            render: (value: UserRole) => <Tag color={value === 'admin' ? 'purple' : 'blue'}>{t(`people.roles.${value}`)}</Tag>,
          },
          {
            title: t('people.columns.status'),
            render: (_value, user) => (
              <Space size={4} wrap>
                <Tag color={user.active ? 'green' : 'default'} data-testid="person-status">
                  {t(user.active ? 'people.status.active' : 'people.status.inactive')}
                </Tag>
                {user.mustChangePassword && <Tag color="orange">{t('people.status.mustChangePassword')}</Tag>}
              </Space>
            ),
          },
          {
            title: t('people.columns.actions'),
            width: 90,
            render: (_value, user) => (
              <Dropdown menu={menuFor(user)} trigger={['click']}>
                <Button icon={<MoreOutlined />} aria-label={t('people.actions.more')} data-testid={`person-actions-${user.username}`} />
              </Dropdown>
            ),
          },
        ]}
      />
      <Modal open={adding} title={t('people.form.title')} footer={null} onCancel={() => setAdding(false)} destroyOnHidden width={600}>
        <AddPersonForm
          isSubmitting={actions.isAdding}
          onCancel={() => setAdding(false)}
          onSubmit={async (person) => {
            const outcome = await actions.addPerson(person);
            if (outcome.ok) setAdding(false);
            return outcome;
          }}
        />
      </Modal>
      <ImportPeopleModal open={importing} onClose={() => setImporting(false)} />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
      <PersonDetailDrawer user={detail} onClose={() => setDetail(null)} />
    </Flex>
  );
}
