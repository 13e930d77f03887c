import type { HotspotBox, ImageRef } from '@localmart/contract';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import {
  boxFromDrag,
  type DraftItem,
  type Handle,
  HANDLES,
  isUsableBox,
  moveBox,
  nudgeBox,
  type Point,
  pointerToFraction,
  resizeBox,
} from './box-math.ts';

/** What the pointer is doing, from pointerdown to pointerup. */
type Gesture =
  | { kind: 'draw'; start: Point; box: HotspotBox }
  | { kind: 'move'; key: string; start: Point; original: HotspotBox }
  | { kind: 'resize'; key: string; handle: Handle };

const HANDLE_LABELS: Record<Handle, string> = {
  nw: 'top-left',
  ne: 'top-right',
  sw: 'bottom-left',
  se: 'bottom-right',
};

const percent = (fraction: number) => `${(fraction * 100).toFixed(4)}%`;
const boxStyle = (box: HotspotBox) => ({
  left: percent(box.left),
  top: percent(box.top),
  width: percent(box.width),
  height: percent(box.height),
});

/**
 * The selected page large, with its hotspots as boxes over the image. Drag on the image to draw a
 * box; drag a box to move it, a corner handle to resize it; with a box focused, arrow keys nudge it
 * (Shift: bigger steps) and Delete removes it. Pointer events cover mouse, pen and touch alike
 * (`touch-action: none` keeps a drag from scrolling the page). Boxes are fractions of the rendered
 * image, so they stay put at any screen size.
 */
export function HotspotCanvas({
  image,
  pageLabel,
  items,
  selectedKey,
  onSelect,
  onAdd,
  onChangeBox,
  onRemove,
}: {
  image: ImageRef;
  pageLabel: string;
  items: readonly DraftItem[];
  selectedKey: string | null;
  onSelect: (key: string | null) => void;
  onAdd: (box: HotspotBox) => void;
  onChangeBox: (key: string, box: HotspotBox) => void;
  onRemove: (key: string) => void;
}) {
  const surface = useRef<HTMLDivElement>(null);
  const [gesture, setGesture] = useState<Gesture | null>(null);

  const pointOf = (event: PointerEvent): Point => {
    const rect = surface.current?.getBoundingClientRect();
    return rect ? pointerToFraction(event.clientX, event.clientY, rect) : { x: 0, y: 0 };
  };

  const capture = (event: PointerEvent) => {
    // Keeps the moves coming when the pointer leaves the box or the image mid-drag.
    surface.current?.setPointerCapture?.(event.pointerId);
  };

  const startDraw = (event: PointerEvent) => {
    if (event.button !== 0 && event.pointerType === 'mouse') return;
    const start = pointOf(event);
    capture(event);
    onSelect(null);
    setGesture({ kind: 'draw', start, box: boxFromDrag(start, start) });
  };

  const startMove = (event: PointerEvent, item: DraftItem) => {
    event.stopPropagation();
    capture(event);
    onSelect(item.key);
    setGesture({ kind: 'move', key: item.key, start: pointOf(event), original: item.box });
  };

  const startResize = (event: PointerEvent, item: DraftItem, handle: Handle) => {
    event.stopPropagation();
    capture(event);
    onSelect(item.key);
    setGesture({ kind: 'resize', key: item.key, handle });
  };

  const track = (event: PointerEvent) => {
    if (!gesture) return;
    const point = pointOf(event);
    if (gesture.kind === 'draw') {
      setGesture({ ...gesture, box: boxFromDrag(gesture.start, point) });
    } else if (gesture.kind === 'move') {
      // A plain click (no travel) selects the box without marking the page changed.
      if (point.x === gesture.start.x && point.y === gesture.start.y) return;
      const moved = moveBox(gesture.original, point.x - gesture.start.x, point.y - gesture.start.y);
      onChangeBox(gesture.key, moved);
    } else {
      const item = items.find((candidate) => candidate.key === gesture.key);
      if (item) onChangeBox(gesture.key, resizeBox(item.box, gesture.handle, point));
    }
  };

  const finish = (event: PointerEvent) => {
    if (gesture?.kind === 'draw') {
      const box = boxFromDrag(gesture.start, pointOf(event));
      if (isUsableBox(box)) onAdd(box);
    }
    setGesture(null);
  };

  const onKey = (event: KeyboardEvent, item: DraftItem) => {
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onRemove(item.key);
      return;
    }
    const nudged = nudgeBox(item.box, event.key, event.shiftKey);
    if (nudged) {
      event.preventDefault();
      onChangeBox(item.key, nudged);
    }
  };

  return (
    <div className="fl-canvas">
      <div
        ref={surface}
        className="fl-surface"
        data-testid="hotspot-surface"
        onPointerDown={startDraw}
        onPointerMove={track}
        onPointerUp={finish}
        onPointerCancel={() => setGesture(null)}
      >
        <img
          src={image.url}
          width={image.width}
          height={image.height}
          alt={pageLabel}
          draggable={false}
        />
        {items.map((item, index) => {
          const selected = item.key === selectedKey;
          return (
            <div
              key={item.key}
              role="button"
              tabIndex={0}
              aria-pressed={selected}
              aria-label={`Hotspot ${index + 1}: ${item.title || 'untitled'}`}
              className={`fl-box${selected ? ' fl-box-selected' : ''}`}
              style={boxStyle(item.box)}
              onPointerDown={(event) => startMove(event, item)}
              onFocus={() => onSelect(item.key)}
              onKeyDown={(event) => onKey(event, item)}
            >
              <span className="fl-box-number" aria-hidden="true">
                {index + 1}
              </span>
              {selected
                ? HANDLES.map((handle) => (
                    <span
                      key={handle}
                      className={`fl-handle fl-handle-${handle}`}
                      title={`Resize from the ${HANDLE_LABELS[handle]} corner`}
                      aria-hidden="true"
                      onPointerDown={(event) => startResize(event, item, handle)}
                    />
                  ))
                : null}
            </div>
          );
        })}
        {gesture?.kind === 'draw' ? (
          <div className="fl-box fl-box-drawing" style={boxStyle(gesture.box)} aria-hidden="true" />
        ) : null}
      </div>
      <p className="fl-muted fl-canvas-help">
        Drag on the page to draw a hotspot. Select a box to move it or drag its corners; arrow keys
        nudge it and Delete removes it.
      </p>
    </div>
  );
}
