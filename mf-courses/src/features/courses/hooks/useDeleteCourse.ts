import { showToast, toApiError } from '@masar/shell/runtime';
import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteCourseMutation } from '../courses.api';

interface DeletableCourse {
  id: string;
  title: string;
}

/**
 * Spec document 2: deleting asks `Are you sure you want to delete "<title>"? This action cannot
 * be undone.`, then toasts success or `Error deleting course` with the server's message.
 */
export function useDeleteCourse() {
  const { t } = useTranslation('courses');
  const { modal } = App.useApp();
  const [deleteCourse, deletion] = useDeleteCourseMutation();

  const confirmDelete = useCallback(
    (course: DeletableCourse, onDeleted?: () => void) => {
      modal.confirm({
        title: t('delete.title'),
        content: t('delete.confirm', { title: course.title }),
        okText: t('delete.ok'),
        cancelText: t('delete.cancel'),
        okButtonProps: { danger: true, 'data-testid': 'confirm-delete-course' },
        // Resolving keeps the dialog open with a spinning OK until the gateway answers.
        onOk: async () => {
          try {
            await deleteCourse(course.id).unwrap();
            showToast({ kind: 'success', title: t('toasts.deleted') });
            onDeleted?.();
          } catch (error) {
            const failure = toApiError(error);
            showToast({ kind: 'error', title: t('toasts.deleteFailed'), description: failure?.serverMessage ?? failure?.message });
          }
        },
      });
    },
    [deleteCourse, modal, t],
  );

  return { confirmDelete, isDeleting: deletion.isLoading };
}
