import { VideoCameraOutlined } from '@ant-design/icons';
import { type LessonDetail, lessonVideoPlayerOf } from '@masar/contracts';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const FRAME_STYLE = { width: '100%', aspectRatio: '16 / 9', border: 0, borderRadius: 8, background: '#000' } as const;

/**
 * A video lesson's player: the provider's embedded player for YouTube and Vimeo (the addresses the
 * Content-Security-Policy frames), the browser's own for files; the spec's placeholder when the
 * lesson has no video yet.
 */
export function LessonVideoPlayer({ lesson }: { lesson: LessonDetail }) {
  const { t } = useTranslation('courses');
  if (!lesson.video) {
    return (
      <Flex
        vertical
        align="center"
        justify="center"
        gap="small"
        style={{ aspectRatio: '16 / 9', background: '#1f1f1f', color: '#d9d9d9', borderRadius: 8 }}
        data-testid="lesson-video-placeholder"
      >
        <VideoCameraOutlined style={{ fontSize: 48 }} />
        <Typography.Text style={{ color: 'inherit' }}>{t('lesson.videoPlaceholder')}</Typography.Text>
      </Flex>
    );
  }
  const player = lessonVideoPlayerOf(lesson.video);
  if (player.kind === 'iframe') {
    return (
      <iframe
        src={player.src}
        title={t('video.frameTitle', { title: lesson.title })}
        style={FRAME_STYLE}
        // Scripts and same-origin for the provider's own player; popups so "watch on YouTube/Vimeo" opens a tab.
        sandbox="allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox"
        allow="encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        loading="lazy"
        data-testid="lesson-video-frame"
        data-provider={player.provider}
      />
    );
  }
  return (
    <video src={player.src} controls preload="metadata" style={FRAME_STYLE} aria-label={t('video.playerLabel', { title: lesson.title })} data-testid="lesson-video-file">
      {t('video.unsupported')}
    </video>
  );
}
