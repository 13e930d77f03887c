import { type LiveEvent, livePaths } from '@localmart/contract';
import { useEffect, useRef, useState } from 'react';
import { connectLive, type LiveConnection, type LiveState } from './live/live-client.ts';
import { useSession } from './storage.ts';

/**
 * One live stream per signed-in shopper, shared by everything that listens (the bell, an open order
 * page): each of them subscribing with useLiveEvents would open a stream each. Opened with the
 * first listener, closed with the last; a new session (another token) opens a new one.
 */
type Listener = (event: LiveEvent) => void;
type StateListener = (state: LiveState) => void;

const listeners = new Set<Listener>();
const stateListeners = new Set<StateListener>();
let connection: LiveConnection | null = null;
let connectionToken: string | null = null;
let state: LiveState = 'closed';

function setState(next: LiveState) {
  state = next;
  for (const listener of [...stateListeners]) listener(next);
}

function ensureConnection(token: string | null) {
  if (connection && connectionToken === token) return;
  connection?.close();
  connection = null;
  connectionToken = token;
  if (!token) {
    setState('closed');
    return;
  }
  connection = connectLive(livePaths.shopperEvents, {
    onEvent: (event) => {
      for (const listener of [...listeners]) listener(event);
    },
    onState: setState,
  });
}

function release() {
  if (listeners.size > 0) return;
  connection?.close();
  connection = null;
  connectionToken = null;
  state = 'closed';
}

/** For tests: drop the shared stream. */
export function resetShopperLive() {
  listeners.clear();
  stateListeners.clear();
  release();
}

export interface ShopperLiveStatus {
  state: LiveState;
  /** Grows each time the stream opens again after being lost: refetch what may have been missed. */
  reconnects: number;
}

/**
 * Listen to the signed-in shopper's live events (`order.status`, `order.money`,
 * `notification.created`, ...) while `enabled`. `onEvent` may change every render.
 */
export function useShopperEvents(onEvent: Listener, enabled = true): ShopperLiveStatus {
  const { token } = useSession();
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const [status, setStatus] = useState<ShopperLiveStatus>({ state: 'closed', reconnects: 0 });
  const active = enabled && token !== null;

  useEffect(() => {
    if (!active) return;
    const listener: Listener = (event) => handler.current(event);
    let wasLost = false;
    const stateListener: StateListener = (next) => {
      const reopened = next === 'open' && wasLost;
      if (next === 'reconnecting') wasLost = true;
      if (next === 'open') wasLost = false;
      setStatus((previous) => ({
        state: next,
        reconnects: previous.reconnects + (reopened ? 1 : 0),
      }));
    };
    listeners.add(listener);
    stateListeners.add(stateListener);
    ensureConnection(token);
    setStatus((previous) => ({ ...previous, state }));
    return () => {
      listeners.delete(listener);
      stateListeners.delete(stateListener);
      release();
    };
  }, [active, token]);

  return active ? status : { state: 'closed', reconnects: status.reconnects };
}
