import { useEffect, useRef, useState } from 'react';

// The pre-call check's media: the camera and microphone asked for once when the call page opens, the microphone's
// level measured so the member sees it hears them, every track stopped when the page goes.

export type MediaCheck =
  | { state: 'asking' }
  | { state: 'ready'; stream: MediaStream; camera: boolean; microphone: boolean }
  | { state: 'failed'; message: string };

const supported = () => typeof navigator.mediaDevices?.getUserMedia === 'function';

function explain(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError')
    return 'Your browser did not let this page use the camera and microphone. Allow them for this site (the icon in the address bar) and reload the page.';
  if (name === 'NotFoundError') return 'No camera or microphone was found. Connect one and reload the page.';
  if (name === 'NotReadableError')
    return 'The camera or microphone is in use by another application. Close it and reload the page.';
  return 'The camera and microphone could not be started in this browser.';
}

export function useLocalMedia(): MediaCheck {
  const [check, setCheck] = useState<MediaCheck>(() =>
    supported()
      ? { state: 'asking' }
      : { state: 'failed', message: 'This browser cannot make video calls (no camera access).' },
  );
  useEffect(() => {
    let stream: MediaStream | null = null;
    let gone = false;
    if (!supported()) return;
    navigator.mediaDevices
      .getUserMedia({ video: { width: { ideal: 640 }, height: { ideal: 480 } }, audio: true })
      .then((got) => {
        if (gone) {
          for (const track of got.getTracks()) track.stop();
          return;
        }
        stream = got;
        setCheck({
          state: 'ready',
          stream: got,
          camera: got.getVideoTracks().some((t) => t.readyState === 'live'),
          microphone: got.getAudioTracks().some((t) => t.readyState === 'live'),
        });
      })
      .catch((error: unknown) => {
        if (!gone) setCheck({ state: 'failed', message: explain(error) });
      });
    return () => {
      gone = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);
  return check;
}

/** The microphone's level, 0 to 100, read a few times a second (the pre-call check's meter). */
export function useMicrophoneLevel(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0);
  const frame = useRef<ReturnType<typeof setInterval> | null>(null);
  useEffect(() => {
    if (!stream || stream.getAudioTracks().length === 0 || typeof AudioContext === 'undefined') return;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 256;
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    frame.current = setInterval(() => {
      analyser.getByteTimeDomainData(samples);
      let peak = 0;
      for (const sample of samples) peak = Math.max(peak, Math.abs(sample - 128));
      setLevel(Math.min(100, Math.round((peak / 128) * 100 * 2)));
    }, 200);
    return () => {
      if (frame.current) clearInterval(frame.current);
      void context.close();
    };
  }, [stream]);
  return level;
}
