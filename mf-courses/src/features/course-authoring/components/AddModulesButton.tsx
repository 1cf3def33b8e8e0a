import { AppstoreAddOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAddModules } from '../hooks/useAddModules';

/** The course detail's Add Modules action (admins). */
export function AddModulesButton({ courseId }: { courseId: string }) {
  const { t } = useTranslation('courses');
  const { addModulesTo, isAdding } = useAddModules();
  return (
    <Button icon={<AppstoreAddOutlined />} loading={isAdding} onClick={() => void addModulesTo(courseId)} data-testid="add-modules">
      {t('detail.addModules')}
    </Button>
  );
}
