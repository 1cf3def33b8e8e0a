import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { type ImportUsersReply, peopleImportTemplate } from '@masar/contracts';
import { showToast, toApiError } from '@masar/shell/runtime';
import { Alert, Button, Flex, Modal, Table, Tabs, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fullName } from '../hooks/usePeopleActions';
import { useImportPeopleMutation } from '../people.api';

/** Saves the header-only template (UTF-8 with a BOM, so spreadsheet programs keep Arabic). */
function downloadTemplate(): void {
  const url = URL.createObjectURL(new Blob([peopleImportTemplate()], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'masar-people-template.csv';
  link.click();
  URL.revokeObjectURL(url);
}

export function ImportReport({ report }: { report: ImportUsersReply }) {
  const { t } = useTranslation('shell');
  const hasTemporaryPasswords = report.added.some((row) => row.temporaryPassword);
  return (
    <Flex vertical gap="middle" data-testid="import-report">
      <Typography.Text strong>{t('people.import.summary', { added: report.added.length, total: report.totalRows })}</Typography.Text>
      {hasTemporaryPasswords && <Alert type="warning" showIcon title={t('people.import.temporaryPasswordNote')} />}
      <Tabs
        items={[
          {
            key: 'added',
            label: t('people.import.added', { count: report.added.length }),
            children: (
              <Table
                size="small"
                rowKey="row"
                pagination={false}
                data-testid="import-added"
                dataSource={report.added}
                columns={[
                  { title: t('people.import.row'), dataIndex: 'row', width: 70 },
                  { title: t('people.columns.username'), render: (_value, row) => row.user.username },
                  { title: t('people.columns.name'), render: (_value, row) => fullName(row.user) },
                  {
                    title: t('people.import.temporaryPassword'),
                    render: (_value, row) =>
                      row.temporaryPassword ? <Typography.Text code copyable dir="ltr">{row.temporaryPassword}</Typography.Text> : '—',
                  },
                ]}
              />
            ),
          },
          {
            key: 'refused',
            label: t('people.import.refused', { count: report.refused.length }),
            children:
              report.refused.length === 0 ? (
                <Typography.Text type="secondary">{t('people.import.noneRefused')}</Typography.Text>
              ) : (
                <Table
                  size="small"
                  rowKey="row"
                  pagination={false}
                  data-testid="import-refused"
                  dataSource={report.refused}
                  columns={[
                    { title: t('people.import.row'), dataIndex: 'row', width: 70 },
                    { title: t('people.columns.username'), dataIndex: 'username' },
                    // The reason is the server's, in English: it names the column and the rule.
                    { title: t('people.import.reason'), dataIndex: 'reason', render: (reason: string) => <span dir="ltr">{reason}</span> },
                  ]}
                />
              ),
          },
        ]}
      />
    </Flex>
  );
}

/** Choose a CSV, import it, and read the report of rows added and refused. */
export function ImportPeopleModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const [file, setFile] = useState<File | null>(null);
  const [importPeople, { isLoading, data: report, reset }] = useImportPeopleMutation();

  const close = () => {
    setFile(null);
    reset();
    onClose();
  };

  const submit = async () => {
    if (!file) return;
    try {
      await importPeople(file).unwrap();
    } catch (caught) {
      const error = toApiError(caught);
      showToast({ kind: 'error', title: t('people.toasts.failed'), description: error?.serverMessage ?? error?.message });
    }
  };

  return (
    <Modal
      open={open}
      title={t('people.import.title')}
      onCancel={close}
      width={760}
      destroyOnHidden
      footer={
        report ? (
          <Button type="primary" onClick={close}>
            {t('people.import.close')}
          </Button>
        ) : (
          <Button type="primary" disabled={!file} loading={isLoading} onClick={() => void submit()} data-testid="import-submit">
            {t('people.import.submit')}
          </Button>
        )
      }
    >
      {report ? (
        <ImportReport report={report} />
      ) : (
        <Flex vertical gap="middle">
          <Typography.Paragraph style={{ margin: 0 }}>{t('people.import.description')}</Typography.Paragraph>
          <Typography.Text type="secondary">{t('people.import.policy')}</Typography.Text>
          <div>
            <Button icon={<DownloadOutlined />} onClick={downloadTemplate} data-testid="import-template">
              {t('people.import.downloadTemplate')}
            </Button>
          </div>
          <Upload.Dragger
            accept=".csv,text/csv"
            maxCount={1}
            beforeUpload={(chosen) => {
              setFile(chosen);
              return false;
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: 'chosen', name: file.name, status: 'done' }] : []}
            data-testid="import-file"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('people.import.chooseFile')}</p>
          </Upload.Dragger>
        </Flex>
      )}
    </Modal>
  );
}
