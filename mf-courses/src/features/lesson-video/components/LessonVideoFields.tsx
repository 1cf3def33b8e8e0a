import { DeleteOutlined, LinkOutlined, UploadOutlined } from '@ant-design/icons';
import {
  DEFAULT_MAX_LESSON_VIDEO_BYTES,
  type LessonDetail,
  type LessonVideo,
  parseVideoLink,
  VIDEO_LINK_INVISIBLE_MESSAGE,
  VIDEO_LINK_NOT_AN_ADDRESS_MESSAGE,
  VIDEO_LINK_NOT_HTTPS_MESSAGE,
  VIDEO_LINK_REQUIRED_MESSAGE,
  VIDEO_LINK_TOO_LONG_MESSAGE,
  VIDEO_LINK_UNSUPPORTED_MESSAGE,
  VIDEO_LINK_VIMEO_ID_MESSAGE,
  VIDEO_LINK_YOUTUBE_ID_MESSAGE,
} from '@masar/contracts';
import { showToast, toApiError } from '@masar/shell/runtime';
import { Button, Card, Flex, Form, Input, Typography } from 'antd';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemoveLessonVideoMutation, useSetLessonVideoLinkMutation, useUploadLessonVideoMutation } from '../lesson-video.api';

/** parseVideoLink's messages, by the locale key that says them in the interface language. */
const LINK_MESSAGE_KEYS: Record<string, string> = {
  [VIDEO_LINK_REQUIRED_MESSAGE]: 'required',
  [VIDEO_LINK_TOO_LONG_MESSAGE]: 'tooLong',
  [VIDEO_LINK_INVISIBLE_MESSAGE]: 'invisible',
  [VIDEO_LINK_NOT_AN_ADDRESS_MESSAGE]: 'notAnAddress',
  [VIDEO_LINK_NOT_HTTPS_MESSAGE]: 'notHttps',
  [VIDEO_LINK_YOUTUBE_ID_MESSAGE]: 'youtubeId',
  [VIDEO_LINK_VIMEO_ID_MESSAGE]: 'vimeoId',
  [VIDEO_LINK_UNSUPPORTED_MESSAGE]: 'unsupported',
};

const MEGABYTES = Math.round(DEFAULT_MAX_LESSON_VIDEO_BYTES / (1024 * 1024));
const ACCEPTED_FILES = 'video/mp4,video/webm,video/ogg,.mp4,.m4v,.webm,.ogg,.ogv';

function describe(video: LessonVideo, t: (key: string, values?: Record<string, unknown>) => string): string {
  switch (video.kind) {
    case 'youtube':
      return t('video.current.youtube', { id: video.id });
    case 'vimeo':
      return t('video.current.vimeo', { id: video.id });
    case 'file':
      return video.url;
    case 'upload':
      return t('video.current.upload', { size: (video.bytes / (1024 * 1024)).toFixed(1) });
  }
}

/**
 * The edit form's video group (admins, video lessons): set or replace a link, upload a file, or
 * remove either. Each acts at once, on its own request; the lesson's other fields are saved by the form.
 */
export function LessonVideoFields({ courseId, lesson }: { courseId: string; lesson: LessonDetail }) {
  const { t } = useTranslation('courses');
  const [link, setLink] = useState('');
  const [linkError, setLinkError] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const [setLinkCall, linkState] = useSetLessonVideoLinkMutation();
  const [uploadCall, uploadState] = useUploadLessonVideoMutation();
  const [removeCall, removeState] = useRemoveLessonVideoMutation();
  const busy = linkState.isLoading || uploadState.isLoading || removeState.isLoading;
  const target = { courseId, lessonId: lesson.id };

  const run = async (call: () => Promise<unknown>, done: string) => {
    try {
      await call();
      showToast({ kind: 'success', title: t(`video.toasts.${done}`) });
      return true;
    } catch (error) {
      const failure = toApiError(error);
      showToast({ kind: 'error', title: t('video.toasts.failed'), description: failure?.serverMessage ?? failure?.message });
      return false;
    }
  };

  const saveLink = async () => {
    const parsed = parseVideoLink(link);
    if (!parsed.ok) {
      setLinkError(t(`video.errors.${LINK_MESSAGE_KEYS[parsed.message] ?? 'unsupported'}`));
      return;
    }
    setLinkError(undefined);
    if (await run(() => setLinkCall({ ...target, url: link }).unwrap(), 'linkSaved')) setLink('');
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > DEFAULT_MAX_LESSON_VIDEO_BYTES) {
      showToast({ kind: 'error', title: t('video.toasts.failed'), description: t('video.errors.tooLarge', { megabytes: MEGABYTES }) });
      return;
    }
    await run(() => uploadCall({ ...target, file }).unwrap(), 'uploaded');
  };

  return (
    <Card size="small" title={t('video.title')} data-testid="lesson-video-fields">
      <Flex vertical gap="middle">
        <Typography.Text type={lesson.video ? undefined : 'secondary'} data-testid="lesson-video-current" dir="auto">
          {lesson.video ? describe(lesson.video, t) : t('video.current.none')}
        </Typography.Text>
        <Form.Item label={t('video.link')} extra={t('video.linkHelp')} validateStatus={linkError ? 'error' : undefined} help={linkError} style={{ marginBottom: 0 }}>
          <Flex gap="small">
            <Input
              value={link}
              onChange={(event) => setLink(event.target.value)}
              onPressEnter={(event) => {
                event.preventDefault();
                void saveLink();
              }}
              placeholder="https://www.youtube.com/watch?v=…"
              dir="ltr"
              data-testid="lesson-video-link"
            />
            <Button icon={<LinkOutlined />} onClick={() => void saveLink()} loading={linkState.isLoading} disabled={busy} data-testid="lesson-video-link-save">
              {t('video.saveLink')}
            </Button>
          </Flex>
        </Form.Item>
        <Flex gap="small" wrap align="center">
          <input ref={fileInput} type="file" accept={ACCEPTED_FILES} hidden onChange={(event) => void upload(event)} data-testid="lesson-video-file-input" />
          <Button icon={<UploadOutlined />} onClick={() => fileInput.current?.click()} loading={uploadState.isLoading} disabled={busy} data-testid="lesson-video-upload">
            {lesson.video?.kind === 'upload' ? t('video.replaceFile') : t('video.uploadFile')}
          </Button>
          <Typography.Text type="secondary">{t('video.fileHelp', { megabytes: MEGABYTES })}</Typography.Text>
        </Flex>
        {lesson.video && (
          <Button
            danger
            icon={<DeleteOutlined />}
            onClick={() => void run(() => removeCall(target).unwrap(), 'removed')}
            loading={removeState.isLoading}
            disabled={busy}
            style={{ alignSelf: 'flex-start' }}
            data-testid="lesson-video-remove"
          >
            {t('video.remove')}
          </Button>
        )}
      </Flex>
    </Card>
  );
}
