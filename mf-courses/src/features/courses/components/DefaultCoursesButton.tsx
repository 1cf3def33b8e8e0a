import { AppstoreAddOutlined } from '@ant-design/icons';
import { toApiError, useToast } from '@masar/shell/runtime';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateDefaultCoursesMutation } from '../courses.api';

/** On an empty library, an admin can put back Masar's built-in starter catalog (spec 001 section 7). */
export function DefaultCoursesButton() {
  const { t } = useTranslation('courses');
  const toast = useToast();
  const [createDefaults, { isLoading }] = useCreateDefaultCoursesMutation();
  const create = async () => {
    try {
      const reply = await createDefaults().unwrap();
      toast({ kind: 'success', title: t('list.defaults.created'), description: t('list.defaults.count', { count: reply.courses.length }) });
    } catch (error) {
      // Spec 001 section 8: "Error, Failed to create default courses", then the server's reason.
      const reason = toApiError(error)?.serverMessage;
      toast({ kind: 'error', title: t('list.defaults.errorTitle'), description: [t('list.defaults.failed'), reason].filter(Boolean).join(': ') });
    }
  };
  return (
    <Button type="primary" icon={<AppstoreAddOutlined />} loading={isLoading} onClick={() => void create()} data-testid="courses-create-defaults">
      {t('list.defaults.button')}
    </Button>
  );
}
