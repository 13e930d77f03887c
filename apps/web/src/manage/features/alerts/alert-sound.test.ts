import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AudioContextLike,
  type AlertSoundDeps,
  createAlertSound,
  RING_EVERY_MS,
} from './alert-sound.ts';

/** An AudioContext that records each chime (one buffer source started per chime). */
function fakeAudio(initial: 'suspended' | 'running' = 'suspended') {
  const chimes: number[] = [];
  let state: string = initial;
  const context: AudioContextLike = {
    get state() {
      return state;
    },
    sampleRate: 8000,
    currentTime: 0,
    destination: {},
    resume: vi.fn(async () => {
      state = 'running';
    }),
    createBuffer: (_channels, length) => ({ getChannelData: () => new Float32Array(length) }),
    createBufferSource: () => ({
      buffer: null,
      connect: () => undefined,
      start: () => chimes.push(Date.now()),
    }),
  };
  const deps: AlertSoundDeps = {
    createContext: vi.fn(() => context),
    setInterval: (handler, ms) => setInterval(handler, ms),
    clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
  };
  return { deps, chimes, context };
}

describe('the alert sound', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('rings at once and every 4 s until stopped, then stays silent', async () => {
    const audio = fakeAudio();
    const sound = createAlertSound(audio.deps);
    expect(await sound.unlock()).toBe('on');
    sound.ring();
    expect(audio.chimes).toHaveLength(1);
    vi.advanceTimersByTime(RING_EVERY_MS);
    expect(audio.chimes).toHaveLength(2);
    vi.advanceTimersByTime(RING_EVERY_MS * 2);
    expect(audio.chimes).toHaveLength(4);
    // A second order while ringing does not start a second, overlapping ring.
    sound.ring();
    vi.advanceTimersByTime(RING_EVERY_MS);
    expect(audio.chimes).toHaveLength(5);

    sound.stop();
    expect(sound.ringing()).toBe(false);
    vi.advanceTimersByTime(RING_EVERY_MS * 5);
    expect(audio.chimes).toHaveLength(5);
  });

  it('makes no audio context before a click, says blocked, and is heard from the click on', async () => {
    const audio = fakeAudio();
    const sound = createAlertSound(audio.deps);
    const states: string[] = [];
    sound.subscribe((state) => states.push(state));
    expect(sound.state()).toBe('off');
    sound.want();
    expect(sound.state()).toBe('blocked');
    sound.ring();
    vi.advanceTimersByTime(RING_EVERY_MS * 2);
    expect(audio.deps.createContext).not.toHaveBeenCalled();
    expect(audio.chimes).toHaveLength(0);

    await sound.unlock();
    // The click plays the ring that was waiting, and the ring goes on.
    expect(audio.chimes).toHaveLength(1);
    vi.advanceTimersByTime(RING_EVERY_MS);
    expect(audio.chimes).toHaveLength(2);
    expect(states).toEqual(['blocked', 'on']);
    sound.stop();
  });

  it('stays blocked when the browser keeps the context suspended', async () => {
    const audio = fakeAudio();
    audio.context.resume = vi.fn(async () => undefined);
    const sound = createAlertSound(audio.deps);
    expect(await sound.unlock()).toBe('blocked');
    sound.chime();
    expect(audio.chimes).toHaveLength(0);
  });

  it('chimes once for the quieter alerts, and not at all once muted', async () => {
    const audio = fakeAudio();
    const sound = createAlertSound(audio.deps);
    await sound.unlock();
    sound.chime();
    vi.advanceTimersByTime(RING_EVERY_MS * 3);
    expect(audio.chimes).toHaveLength(1);
    sound.mute();
    expect(sound.state()).toBe('off');
    sound.chime();
    sound.ring();
    vi.advanceTimersByTime(RING_EVERY_MS * 3);
    expect(audio.chimes).toHaveLength(1);
    sound.stop();
  });
});
