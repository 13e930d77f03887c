import type { OpenState } from '@localmart/contract';
import './catalog.css';

export interface OpenStateBadgeProps {
  state: OpenState;
  className?: string;
}

/** 'Open now · closes 21:00' with the status coloured (green open, red closed), as map apps show it. */
export function OpenStateBadge({ state, className }: OpenStateBadgeProps) {
  return (
    <span className={['lm-open-state', className].filter(Boolean).join(' ')}>
      <span className={state.open ? 'lm-open-state-open' : 'lm-open-state-closed'}>
        {state.status}
      </span>
      {state.detail && (
        <>
          <span aria-hidden="true"> · </span>
          <span className="lm-visually-hidden">, </span>
          <span className="lm-open-state-detail">{state.detail}</span>
        </>
      )}
    </span>
  );
}
