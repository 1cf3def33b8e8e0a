import { LoadingOutlined, PauseCircleOutlined, SoundOutlined } from '@ant-design/icons';
import { hasSpeakableText } from '@masar/contracts';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { narrationKeyOf, type NarrationTarget } from '../narration-cache';
import { useNarration } from './NarrationPlayer';

/** The play-audio button of a lesson (course detail rows, lesson view); a lesson with no words has none. */
export function PlayLessonAudioButton({ target }: { target: NarrationTarget }) {
  const { t } = useTranslation('courses');
  const { playingKey, loadingKey, toggle } = useNarration();
  if (!hasSpeakableText(target.text)) return null;
  const key = narrationKeyOf(target);
  const playing = playingKey === key;
  const loading = loadingKey === key;
  const label = playing || loading ? t('narration.stop', { title: target.title }) : t('narration.play', { title: target.title });
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        shape="circle"
        icon={loading ? <LoadingOutlined /> : playing ? <PauseCircleOutlined /> : <SoundOutlined />}
        aria-label={label}
        aria-pressed={playing}
        aria-busy={loading}
        data-testid="play-lesson-audio"
        data-state={playing ? 'playing' : loading ? 'loading' : 'stopped'}
        onClick={(event) => {
          // The lesson row opens the lesson on a click: the button only plays.
          event.stopPropagation();
          toggle(target);
        }}
      />
    </Tooltip>
  );
}
