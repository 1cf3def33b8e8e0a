import { CloudUploadOutlined, RollbackOutlined } from '@ant-design/icons';
import type { CourseDetail } from '@masar/contracts';
import { showToast, toApiError } from '@masar/shell/runtime';
import { App, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePublishCourseMutation, useUnpublishCourseMutation } from '../course-publishing.api';

/**
 * Admins: Publish a draft (confirmed), or move a published course back to a draft. Publish is
 * disabled only while the course needs work, and then says so; the panel lists what.
 */
export function PublishCourseButton({ course, title }: { course: CourseDetail; title: string }) {
  const { t } = useTranslation('courses');
  const { modal } = App.useApp();
  const [publish, publishing] = usePublishCourseMutation();
  const [unpublish, unpublishing] = useUnpublishCourseMutation();
  const publication = course.publication;
  if (!publication) return null;

  const confirm = (kind: 'publish' | 'unpublish') => {
    const keys = kind === 'publish' ? 'confirmPublish' : 'confirmUnpublish';
    modal.confirm({
      title: t(`publishing.${keys}.title`),
      content: t(`publishing.${keys}.content`, { title }),
      okText: t(`publishing.${keys}.ok`),
      cancelText: t(`publishing.${keys}.cancel`),
      okButtonProps: { 'data-testid': `confirm-${kind}-course` } as Record<string, string>,
      onOk: async () => {
        try {
          await (kind === 'publish' ? publish(course.id) : unpublish(course.id)).unwrap();
          const done = kind === 'publish' ? 'published' : 'unpublished';
          showToast({ kind: 'success', title: t(`publishing.toasts.${done}`), description: t(`publishing.toasts.${done}Description`) });
        } catch (error) {
          const failure = toApiError(error);
          showToast({
            kind: 'error',
            title: t(kind === 'publish' ? 'publishing.toasts.publishFailed' : 'publishing.toasts.unpublishFailed'),
            description: failure?.serverMessage ?? failure?.message,
          });
        }
      },
    });
  };

  if (publication.status === 'published') {
    return (
      <Button icon={<RollbackOutlined className="masar-flip-rtl" />} loading={unpublishing.isLoading} onClick={() => confirm('unpublish')} data-testid="unpublish-course">
        {t('publishing.unpublish')}
      </Button>
    );
  }
  const blocked = publication.problems.length > 0;
  const button = (
    <Button
      type="primary"
      icon={<CloudUploadOutlined />}
      disabled={blocked}
      loading={publishing.isLoading}
      onClick={() => confirm('publish')}
      aria-describedby={blocked ? 'publication-blocked-reason' : undefined}
      data-testid="publish-course"
    >
      {t('publishing.publish')}
    </Button>
  );
  return blocked ? (
    <Tooltip title={<span id="publication-blocked-reason">{t('publishing.publishDisabled')}</span>}>
      {/* A disabled button fires no hover events: the span carries the tooltip. */}
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}
