import { showToast } from '@masar/shell/runtime';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGenerateLessonAudioMutation } from '../narration.api';
import { cachedNarration, cacheNarration, narrationKeyOf, type NarrationTarget } from '../narration-cache';

interface NarrationState {
  /** The lesson playing now (course/module/lesson), if any. */
  playingKey: string | null;
  /** The lesson whose audio is being generated, if any. */
  loadingKey: string | null;
  /** Plays the lesson, or stops it when it is the one playing or loading. */
  toggle(target: NarrationTarget): void;
}

const NarrationContext = createContext<NarrationState | null>(null);

export function useNarration(): NarrationState {
  const state = useContext(NarrationContext);
  if (!state) throw new Error('useNarration needs a <NarrationPlayer> around it');
  return state;
}

/**
 * One audio element for a page: one lesson plays at a time, pressing the playing lesson's button
 * stops it, and the newest press wins over a generation still under way.
 */
export function NarrationPlayer({ children }: { children: ReactNode }) {
  const { t } = useTranslation('courses');
  const audioRef = useRef<HTMLAudioElement>(null);
  const [generate] = useGenerateLessonAudioMutation();
  const [playingKey, setPlayingKey] = useState<string | null>(null);
  const [loadingKey, setLoadingKey] = useState<string | null>(null);
  const current = useRef<{ key: string | null; press: number }>({ key: null, press: 0 });

  const stop = useCallback(() => {
    current.current = { key: null, press: current.current.press + 1 };
    // Nothing to pause before anything was played.
    if (audioRef.current?.getAttribute('src')) audioRef.current.pause();
    setPlayingKey(null);
    setLoadingKey(null);
  }, []);

  const playFailed = useCallback(() => {
    stop();
    showToast({ kind: 'error', title: t('narration.playFailedTitle'), description: t('narration.playFailedDescription') });
  }, [stop, t]);

  const toggle = useCallback(
    async (target: NarrationTarget) => {
      const key = narrationKeyOf(target);
      const wasThisOne = current.current.key === key;
      stop();
      if (wasThisOne) return;
      const press = current.current.press;
      current.current = { key, press };
      const stillWanted = () => current.current.press === press;

      let audioUrl = cachedNarration(key);
      const generated = audioUrl === undefined;
      if (audioUrl === undefined) {
        setLoadingKey(key);
        try {
          audioUrl = (await generate({ text: target.text, title: target.title }).unwrap()).audioUrl;
          cacheNarration(key, audioUrl);
        } catch {
          if (!stillWanted()) return;
          stop();
          showToast({ kind: 'error', title: t('narration.generationFailedTitle'), description: t('narration.generationFailedDescription') });
          return;
        }
        if (!stillWanted()) return;
        setLoadingKey(null);
      }
      const audio = audioRef.current;
      if (!audio) return;
      audio.src = audioUrl;
      setPlayingKey(key);
      try {
        await audio.play();
      } catch (error) {
        // Paused by a later press before it began: not a failure.
        if (!stillWanted() || (error instanceof DOMException && error.name === 'AbortError')) return;
        playFailed();
        return;
      }
      if (generated && stillWanted()) {
        showToast({ kind: 'success', title: t('narration.generatedTitle'), description: t('narration.generatedDescription') });
      }
    },
    [generate, playFailed, stop, t],
  );

  useEffect(() => {
    const audio = audioRef.current;
    return () => {
      if (audio?.getAttribute('src')) audio.pause();
    };
  }, []);

  const state = useMemo<NarrationState>(() => ({ playingKey, loadingKey, toggle: (target) => void toggle(target) }), [playingKey, loadingKey, toggle]);
  return (
    <NarrationContext.Provider value={state}>
      {children}
      <audio
        ref={audioRef}
        preload="none"
        aria-label={t('narration.player')}
        data-testid="narration-audio"
        onEnded={() => stop()}
        onError={() => {
          // An error of the element with nothing asked to play (its src cleared) says nothing.
          if (current.current.key !== null && audioRef.current?.getAttribute('src')) playFailed();
        }}
      />
    </NarrationContext.Provider>
  );
}
