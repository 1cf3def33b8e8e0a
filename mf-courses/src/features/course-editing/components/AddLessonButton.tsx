import { PlusOutlined } from '@ant-design/icons';
import { newLessonBodySchema } from '@masar/contracts';
import { Button, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddLessonMutation } from '../course-structure.api';
import { useStructureChange } from '../hooks/useStructureChange';
import { LessonFields, lessonFieldErrors, type LessonFormValues } from '../lesson-form';

const NEW_LESSON: LessonFormValues = { title: '', duration: '10 min', type: 'reading', content: '', keyPoints: [], activities: [] };

/** Adds a lesson at the end of a module, with the lesson editor's fields and checks. `published`: the course is published now (see useStructureChange). */
export function AddLessonButton({ courseId, moduleId, published = false }: { courseId: string; moduleId: string; published?: boolean }) {
  const { t } = useTranslation('courses');
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<LessonFormValues>();
  const [addLesson, adding] = useAddLessonMutation();
  const run = useStructureChange();

  const save = async (values: LessonFormValues) => {
    const parsed = newLessonBodySchema.safeParse(values);
    if (!parsed.success) {
      form.setFields(lessonFieldErrors(parsed.error.issues, t));
      return;
    }
    if (await run(() => addLesson({ courseId, moduleId, lesson: parsed.data }).unwrap(), 'lessonAdded', { wasPublished: published })) setOpen(false);
  };

  return (
    <>
      <Button size="small" icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="add-lesson">
        {t('structure.lesson.add')}
      </Button>
      <Modal
        open={open}
        title={t('structure.lesson.addTitle')}
        okText={t('editing.save')}
        cancelText={t('editing.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        confirmLoading={adding.isLoading}
        okButtonProps={{ 'data-testid': 'add-lesson-save' }}
        width={760}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={NEW_LESSON} preserve={false} onFinish={(values) => void save(values)} data-testid="add-lesson-form">
          <LessonFields prefix="add-lesson" />
        </Form>
      </Modal>
    </>
  );
}
