/**
 * The store site's alert sound (issue 14): a short two-note chime, made with the Web Audio API (no
 * audio file to fetch), that repeats every RING_EVERY_MS while a new order waits for someone to
 * press "Acknowledge", or plays once for the quieter alerts.
 *
 * Browsers start audio only after a gesture on the page (Chrome's autoplay policy): an AudioContext
 * made earlier stays `suspended`. So the context is made, or resumed, from a click ("Turn on
 * sound", or the first click anywhere once the member has turned sound on before), and until then
 * the state is `blocked` and the page says so. Each chime is one AudioBufferSourceNode.start() of a
 * buffer rendered once, so a test can count chimes.
 */

/** How often the chime repeats while a new order is unacknowledged. */
export const RING_EVERY_MS = 4_000;

/** `off`: never turned on here; `blocked`: wanted, but the browser waits for a click; `on`: plays. */
export type SoundState = 'off' | 'blocked' | 'on';

/** The parts of AudioContext this module uses (tests pass a fake). */
export interface AudioContextLike {
  readonly state: string;
  readonly sampleRate: number;
  readonly currentTime: number;
  readonly destination: unknown;
  resume(): Promise<void>;
  createBuffer(channels: number, length: number, sampleRate: number): AudioBufferLike;
  createBufferSource(): AudioSourceLike;
}
export interface AudioBufferLike {
  getChannelData(channel: number): Float32Array;
}
export interface AudioSourceLike {
  buffer: unknown;
  connect(destination: never): unknown;
  start(when?: number): void;
}

export interface AlertSoundDeps {
  /** A new AudioContext, or null where the browser has no Web Audio. */
  createContext: () => AudioContextLike | null;
  setInterval: (handler: () => void, ms: number) => unknown;
  clearInterval: (id: unknown) => void;
}

export const browserSoundDeps: AlertSoundDeps = {
  createContext: () => {
    const Context =
      typeof window === 'undefined'
        ? undefined
        : (window.AudioContext ??
          (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
    return Context ? (new Context() as unknown as AudioContextLike) : null;
  },
  setInterval: (handler, ms) => window.setInterval(handler, ms),
  clearInterval: (id) => window.clearInterval(id as number),
};

/** Two bell-like notes (E6 then B5), 0.7 s in all, written into a mono buffer. */
export function renderChime(context: AudioContextLike): AudioBufferLike {
  const seconds = 0.7;
  const rate = context.sampleRate;
  const buffer = context.createBuffer(1, Math.ceil(seconds * rate), rate);
  const data = buffer.getChannelData(0);
  const notes = [
    { frequency: 1318.5, start: 0 },
    { frequency: 987.8, start: 0.22 },
  ];
  for (let i = 0; i < data.length; i += 1) {
    const t = i / rate;
    let sample = 0;
    for (const note of notes) {
      const local = t - note.start;
      if (local < 0) continue;
      // A quick attack, then an exponential fade, with a soft overtone: a bell, not a beep.
      const envelope = Math.min(1, local / 0.005) * Math.exp(-local * 6);
      sample +=
        envelope *
        (Math.sin(2 * Math.PI * note.frequency * local) +
          0.3 * Math.sin(2 * Math.PI * note.frequency * 2 * local));
    }
    data[i] = sample * 0.35;
  }
  return buffer;
}

export interface AlertSound {
  state(): SoundState;
  /** Call from a click: makes or resumes the audio context. Answers the state after it. */
  unlock(): Promise<SoundState>;
  /** Marks sound as wanted without a click (a member who turned it on before): `blocked` until unlock. */
  want(): void;
  /** Turned off by the member: silent (and `off`) until unlock() again. */
  mute(): void;
  /** Chime now and every RING_EVERY_MS until stop(). Calling it while ringing changes nothing. */
  ring(): void;
  stop(): void;
  ringing(): boolean;
  /** One chime (price-match request, message, deadline warning). */
  chime(): void;
  subscribe(listener: (state: SoundState) => void): () => void;
}

export function createAlertSound(deps: AlertSoundDeps = browserSoundDeps): AlertSound {
  let context: AudioContextLike | null = null;
  let buffer: AudioBufferLike | null = null;
  let wanted = false;
  let muted = false;
  let timer: unknown = null;
  const listeners = new Set<(state: SoundState) => void>();

  const state = (): SoundState => {
    if (muted) return 'off';
    if (context?.state === 'running') return 'on';
    return wanted ? 'blocked' : 'off';
  };
  const tell = () => {
    const now = state();
    for (const listener of listeners) listener(now);
  };

  const play = () => {
    if (muted || !context || context.state !== 'running') return;
    try {
      buffer ??= renderChime(context);
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.connect(context.destination as never);
      source.start(context.currentTime);
    } catch {
      // A chime that cannot play must never break the page; the banner still shows.
    }
  };

  return {
    state,
    async unlock() {
      wanted = true;
      muted = false;
      try {
        context ??= deps.createContext();
        if (context && context.state !== 'running') await context.resume();
      } catch {
        // No audio here: stays blocked, and the page says so.
      }
      tell();
      // A ring that started while blocked is heard from now on.
      if (timer !== null) play();
      return state();
    },
    want() {
      if (wanted) return;
      wanted = true;
      tell();
    },
    mute() {
      wanted = false;
      muted = true;
      tell();
    },
    ring() {
      if (timer !== null) return;
      play();
      timer = deps.setInterval(play, RING_EVERY_MS);
    },
    stop() {
      if (timer === null) return;
      deps.clearInterval(timer);
      timer = null;
    },
    ringing: () => timer !== null,
    chime: play,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
