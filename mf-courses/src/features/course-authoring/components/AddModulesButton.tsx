import { AppstoreAddOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAddModules } from '../hooks/useAddModules';

/** The course detail's Add Modules action (admins). `published`: the course is published now (see useAddModules). */
export function AddModulesButton({ courseId, published = false }: { courseId: string; published?: boolean }) {
  const { t } = useTranslation('courses');
  const { addModulesTo, isAdding } = useAddModules();
  return (
    <Button icon={<AppstoreAddOutlined />} loading={isAdding} onClick={() => void addModulesTo(courseId, { wasPublished: published })} data-testid="add-modules">
      {t('detail.addModules')}
    </Button>
  );
}
