import { EditOutlined } from '@ant-design/icons';
import { type LessonDetail, updateLessonBodySchema } from '@masar/contracts';
import { showToast, toApiError } from '@masar/shell/runtime';
import { Button, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateLessonMutation } from '../course-editing.api';
import { LessonFields, lessonFieldErrors, type LessonFormValues } from '../lesson-form';
import { LessonVideoFields } from '../../lesson-video/components/LessonVideoFields';

/** What the lesson editor holds. */
export type EditLessonValues = LessonFormValues;

/** The lesson page's "Edit lesson" action (admins): the lesson's own fields, checked by the contracts' schema as svc-courses checks them. */
export function EditLessonButton({ courseId, lesson }: { courseId: string; lesson: LessonDetail }) {
  const { t } = useTranslation('courses');
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<EditLessonValues>();
  const [updateLesson, update] = useUpdateLessonMutation();

  const save = async (values: EditLessonValues) => {
    const parsed = updateLessonBodySchema.safeParse(values);
    if (!parsed.success) {
      form.setFields(lessonFieldErrors(parsed.error.issues, t));
      return;
    }
    try {
      await updateLesson({ courseId, lessonId: lesson.id, changes: parsed.data }).unwrap();
      showToast({ kind: 'success', title: t('editing.toasts.lessonUpdated') });
      setOpen(false);
    } catch (error) {
      const failure = toApiError(error);
      showToast({ kind: 'error', title: t('editing.toasts.lessonUpdateFailed'), description: failure?.serverMessage ?? failure?.message });
    }
  };

  const initialValues: EditLessonValues = {
    title: lesson.title,
    duration: lesson.duration,
    type: lesson.type,
    content: lesson.content,
    keyPoints: lesson.keyPoints,
    activities: lesson.activities,
  };

  return (
    <>
      <Button size="small" icon={<EditOutlined />} onClick={() => setOpen(true)} data-testid="edit-lesson">
        {t('editing.lesson.edit')}
      </Button>
      <Modal
        open={open}
        title={t('editing.lesson.title')}
        okText={t('editing.save')}
        cancelText={t('editing.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        confirmLoading={update.isLoading}
        okButtonProps={{ 'data-testid': 'edit-lesson-save' }}
        width={760}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={initialValues} preserve={false} onFinish={(values) => void save(values)} data-testid="edit-lesson-form">
          <LessonFields prefix="edit-lesson" />
        </Form>
        {lesson.type === 'video' && <LessonVideoFields courseId={courseId} lesson={lesson} />}
      </Modal>
    </>
  );
}
