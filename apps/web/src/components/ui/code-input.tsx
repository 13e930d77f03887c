import { CODE_INPUT_DEFAULT_LENGTH } from '@localmart/contract';
import { useRef, useState, type ChangeEvent, type ClipboardEvent, type KeyboardEvent } from 'react';

export type ForcedCase = 'upper' | 'lower';

export interface CodeInputProps {
  /** Number of boxes. The widget defaults to 4 (spec §2, §9); the verification screens use 6. */
  length?: number;
  value: string;
  onChange: (code: string) => void;
  /** Called when every box holds a character. */
  onComplete?: (code: string) => void;
  /** Accept digits only (and say "Digit n of m" instead of "Character n of m"). */
  numbersOnly?: boolean;
  /** Force what is typed or pasted to upper or lower case (spec §5). */
  forceCase?: ForcedCase;
  /** The group's accessible name, e.g. "Verification code". */
  label: string;
  invalid?: boolean;
  /** id(s) of the element(s) describing the code, e.g. its validation message. */
  describedBy?: string | undefined;
  disabled?: boolean;
  /** id of the first box, so a label or a focus-on-error can reach the widget. */
  id?: string;
  className?: string;
}

/**
 * What may go into the boxes (spec §5): spaces are blocked, numbers-only mode keeps digits only, and
 * the configured case is forced.
 */
export function sanitizeCode(
  text: string,
  options: { numbersOnly?: boolean | undefined; forceCase?: ForcedCase | undefined } = {},
): string {
  let chars = text.replace(/\s+/g, '');
  if (options.numbersOnly) chars = chars.replace(/[^0-9]+/g, '');
  if (options.forceCase === 'upper') chars = chars.toUpperCase();
  else if (options.forceCase === 'lower') chars = chars.toLowerCase();
  return chars;
}

function toBoxes(value: string, length: number): string[] {
  return Array.from({ length }, (_, index) => value[index] ?? '');
}

/**
 * The code-entry widget of spec §5: one box per character. Typing fills a box and moves on; pasting
 * (or a phone's one-time-code autofill) spreads the code over the boxes, a full code from the first
 * box; Backspace clears and steps back; the arrow keys, Home and End move between boxes.
 *
 * For assistive technology it is a group named by `label` whose boxes are "Digit 1 of 6" and so on.
 * Enter in a box submits the surrounding form, as in any text field.
 */
export function CodeInput({
  length = CODE_INPUT_DEFAULT_LENGTH,
  value,
  onChange,
  onComplete,
  numbersOnly = false,
  forceCase,
  label,
  invalid = false,
  describedBy,
  disabled = false,
  id,
  className,
}: CodeInputProps) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const [boxes, setBoxes] = useState(() => toBoxes(value, length));
  // The value last seen from the parent: a different one (a reset) replaces the boxes. Adjusting
  // state while rendering is React's pattern for state derived from a changed prop.
  const [seenValue, setSeenValue] = useState(value);
  if (value !== seenValue) {
    setSeenValue(value);
    if (value !== boxes.join('')) setBoxes(toBoxes(value, length));
  }
  const cells = boxes.length === length ? boxes : toBoxes(boxes.join(''), length);
  const options = { numbersOnly, forceCase };
  const noun = numbersOnly ? 'Digit' : 'Character';

  function focusBox(index: number) {
    const target = inputs.current[Math.max(0, Math.min(length - 1, index))];
    target?.focus();
    target?.select();
  }

  function commit(next: string[]) {
    setBoxes(next);
    const code = next.join('');
    setSeenValue(code);
    onChange(code);
    if (next.every((char) => char !== '')) onComplete?.(code);
  }

  /** Spread characters over the boxes from `start`; a code as long as the widget starts at box 1. */
  function fill(start: number, chars: string) {
    const from = chars.length >= length ? 0 : start;
    const next = [...cells];
    for (let offset = 0; offset < chars.length && from + offset < length; offset++) {
      next[from + offset] = chars[offset] ?? '';
    }
    commit(next);
    focusBox(from + chars.length);
  }

  function handleChange(index: number, event: ChangeEvent<HTMLInputElement>) {
    const raw = event.target.value;
    if (raw === '') {
      commit(cells.map((char, i) => (i === index ? '' : char)));
      return;
    }
    const chars = sanitizeCode(raw, options);
    // Nothing acceptable typed (a space, a letter in numbers-only mode): the box keeps its character.
    if (chars === '') return;
    const current = cells[index] ?? '';
    if (chars.length === 1) {
      commit(cells.map((char, i) => (i === index ? chars : char)));
      focusBox(index + 1);
    } else if (chars.length === 2 && current !== '' && chars.includes(current)) {
      // Typed into a box that already held a character: keep the new one.
      const typed = chars[0] === current ? chars.slice(1) : chars.slice(0, 1);
      commit(cells.map((char, i) => (i === index ? typed : char)));
      focusBox(index + 1);
    } else {
      fill(index, chars);
    }
  }

  function handlePaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const chars = sanitizeCode(event.clipboardData.getData('text'), options);
    if (chars !== '') fill(index, chars);
  }

  function handleKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'Backspace': {
        event.preventDefault();
        // Clear this box, or the previous one when this one is empty, and step back.
        const target = cells[index] !== '' ? index : index - 1;
        if (target >= 0) commit(cells.map((char, i) => (i === target ? '' : char)));
        focusBox(index - 1);
        return;
      }
      case 'Delete':
        event.preventDefault();
        commit(cells.map((char, i) => (i === index ? '' : char)));
        return;
      case 'ArrowLeft':
        event.preventDefault();
        focusBox(index - 1);
        return;
      case 'ArrowRight':
        event.preventDefault();
        focusBox(index + 1);
        return;
      case 'Home':
        event.preventDefault();
        focusBox(0);
        return;
      case 'End':
        event.preventDefault();
        focusBox(length - 1);
        return;
      case ' ':
      case 'Spacebar':
        // Spec §5: spaces are blocked.
        event.preventDefault();
        return;
      default:
        if (
          numbersOnly &&
          event.key.length === 1 &&
          !/[0-9]/.test(event.key) &&
          !event.ctrlKey &&
          !event.metaKey
        ) {
          event.preventDefault();
        }
    }
  }

  return (
    <div
      role="group"
      aria-label={label}
      aria-describedby={describedBy}
      className={['lm-code-input', className].filter(Boolean).join(' ')}
    >
      {cells.map((char, index) => (
        <input
          // The boxes never reorder: the index is their identity.
          key={index}
          ref={(element) => {
            inputs.current[index] = element;
          }}
          id={index === 0 ? id : undefined}
          className="lm-code-box"
          type="text"
          inputMode={numbersOnly ? 'numeric' : 'text'}
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          autoCapitalize={forceCase === 'upper' ? 'characters' : 'off'}
          autoCorrect="off"
          spellCheck={false}
          aria-label={`${noun} ${index + 1} of ${length}`}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          disabled={disabled}
          value={char}
          onChange={(event) => handleChange(index, event)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </div>
  );
}
