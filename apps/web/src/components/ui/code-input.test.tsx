import { CODE_INPUT_DEFAULT_LENGTH } from '@localmart/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CodeInput, sanitizeCode, type CodeInputProps } from './code-input.tsx';

type HarnessProps = Partial<Omit<CodeInputProps, 'value' | 'onChange'>> & {
  initial?: string;
  onValue?: (code: string) => void;
};

/** A controlled parent, as the screens use the widget. */
function Harness({ initial = '', onValue, label = 'Verification code', ...props }: HarnessProps) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <CodeInput
        label={label}
        value={value}
        onChange={(code) => {
          setValue(code);
          onValue?.(code);
        }}
        {...props}
      />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue('')}>
        Reset
      </button>
    </>
  );
}

function boxes(): HTMLInputElement[] {
  return screen.getAllByRole('textbox') as HTMLInputElement[];
}

function shown(): string[] {
  return boxes().map((box) => box.value);
}

function value(): string {
  return screen.getByTestId('value').textContent ?? '';
}

describe('sanitizeCode', () => {
  it('drops spaces, keeps digits only in numbers-only mode, forces case', () => {
    expect(sanitizeCode(' 12 3\t4\n')).toBe('1234');
    expect(sanitizeCode('1a2-b3', { numbersOnly: true })).toBe('123');
    expect(sanitizeCode('aB c', { forceCase: 'upper' })).toBe('ABC');
    expect(sanitizeCode('aB c', { forceCase: 'lower' })).toBe('abc');
  });
});

describe('CodeInput (spec §5)', () => {
  it(`defaults to ${CODE_INPUT_DEFAULT_LENGTH} boxes and takes a configured length`, () => {
    const { unmount } = render(<Harness />);
    expect(boxes()).toHaveLength(CODE_INPUT_DEFAULT_LENGTH);
    unmount();
    render(<Harness length={6} />);
    expect(boxes()).toHaveLength(6);
  });

  it('labels the group and every box', () => {
    render(<Harness length={6} numbersOnly />);
    const group = screen.getByRole('group', { name: 'Verification code' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toBe(boxes()[0]);
    expect(screen.getByRole('textbox', { name: 'Digit 6 of 6' })).toBe(boxes()[5]);
  });

  it('says "Character" when letters are allowed', () => {
    render(<Harness length={4} />);
    expect(screen.getByRole('textbox', { name: 'Character 2 of 4' })).toBe(boxes()[1]);
  });

  it('typing fills a box and moves to the next, reporting the code and its completion', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<Harness length={6} numbersOnly onComplete={onComplete} />);
    await user.click(boxes()[0] as HTMLElement);
    await user.keyboard('123');
    expect(shown()).toEqual(['1', '2', '3', '', '', '']);
    expect(boxes()[3]).toHaveFocus();
    expect(onComplete).not.toHaveBeenCalled();
    await user.keyboard('456');
    expect(value()).toBe('123456');
    expect(onComplete).toHaveBeenCalledWith('123456');
    // The last box keeps focus once full.
    expect(boxes()[5]).toHaveFocus();
  });

  it('blocks spaces', async () => {
    const user = userEvent.setup();
    render(<Harness length={4} />);
    await user.click(boxes()[0] as HTMLElement);
    await user.keyboard(' 1 2');
    expect(shown()).toEqual(['1', '2', '', '']);
    expect(value()).toBe('12');
  });

  it('numbers-only mode accepts digits only', async () => {
    const user = userEvent.setup();
    render(<Harness length={4} numbersOnly />);
    await user.click(boxes()[0] as HTMLElement);
    await user.keyboard('a7-b8');
    expect(shown()).toEqual(['7', '8', '', '']);
    expect(boxes()[0]).toHaveAttribute('inputmode', 'numeric');
  });

  it('without numbers-only mode letters are accepted', async () => {
    const user = userEvent.setup();
    render(<Harness length={4} />);
    await user.click(boxes()[0] as HTMLElement);
    await user.keyboard('a7B');
    expect(shown()).toEqual(['a', '7', 'B', '']);
  });

  it('forces upper case when configured', async () => {
    const user = userEvent.setup();
    render(<Harness length={4} forceCase="upper" />);
    await user.click(boxes()[0] as HTMLElement);
    await user.keyboard('ab');
    expect(value()).toBe('AB');
    await user.paste('cd');
    expect(value()).toBe('ABCD');
  });

  it('forces lower case when configured', async () => {
    const user = userEvent.setup();
    render(<Harness length={4} forceCase="lower" />);
    await user.click(boxes()[0] as HTMLElement);
    await user.keyboard('XY');
    expect(shown()).toEqual(['x', 'y', '', '']);
  });

  it('pasting a full code fills every box, whichever box has focus', async () => {
    const user = userEvent.setup();
    render(<Harness length={6} numbersOnly />);
    await user.click(boxes()[3] as HTMLElement);
    await user.paste('12 34 56');
    expect(shown()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(value()).toBe('123456');
    expect(boxes()[5]).toHaveFocus();
  });

  it('pasting a longer text keeps the first characters that fit', async () => {
    const user = userEvent.setup();
    render(<Harness length={4} numbersOnly />);
    await user.click(boxes()[0] as HTMLElement);
    await user.paste('Your code: 987654');
    expect(value()).toBe('9876');
  });

  it('pasting part of a code fills from the focused box', async () => {
    const user = userEvent.setup();
    render(<Harness length={6} numbersOnly initial="1" />);
    await user.click(boxes()[1] as HTMLElement);
    await user.paste('23');
    expect(shown()).toEqual(['1', '2', '3', '', '', '']);
    expect(boxes()[3]).toHaveFocus();
  });

  it('a paste with nothing acceptable changes nothing', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness length={4} numbersOnly onValue={onValue} />);
    await user.click(boxes()[0] as HTMLElement);
    await user.paste('abc');
    expect(onValue).not.toHaveBeenCalled();
    expect(shown()).toEqual(['', '', '', '']);
  });

  it('autofill of the whole code into the first box spreads it over the boxes', () => {
    render(<Harness length={6} numbersOnly />);
    fireEvent.change(boxes()[0] as HTMLElement, { target: { value: '654321' } });
    expect(shown()).toEqual(['6', '5', '4', '3', '2', '1']);
  });

  it('backspace clears and moves to the previous box', async () => {
    const user = userEvent.setup();
    render(<Harness length={4} numbersOnly />);
    await user.click(boxes()[0] as HTMLElement);
    await user.keyboard('1234');
    expect(boxes()[3]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(shown()).toEqual(['1', '2', '3', '']);
    expect(boxes()[2]).toHaveFocus();
    await user.keyboard('{Backspace}{Backspace}');
    expect(shown()).toEqual(['1', '', '', '']);
    expect(boxes()[0]).toHaveFocus();
    expect(value()).toBe('1');
  });

  it('backspace in an empty box clears the previous one and moves there', async () => {
    const user = userEvent.setup();
    render(<Harness length={4} numbersOnly initial="12" />);
    await user.click(boxes()[2] as HTMLElement);
    await user.keyboard('{Backspace}');
    expect(shown()).toEqual(['1', '', '', '']);
    expect(boxes()[1]).toHaveFocus();
  });

  it('arrow keys, Home and End move between boxes without changing the code', async () => {
    const user = userEvent.setup();
    render(<Harness length={4} numbersOnly initial="1234" />);
    await user.click(boxes()[1] as HTMLElement);
    await user.keyboard('{ArrowRight}');
    expect(boxes()[2]).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(boxes()[0]).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(boxes()[0]).toHaveFocus();
    await user.keyboard('{End}');
    expect(boxes()[3]).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(boxes()[3]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(boxes()[0]).toHaveFocus();
    expect(value()).toBe('1234');
  });

  it('typing over a filled box replaces its character', async () => {
    const user = userEvent.setup();
    render(<Harness length={4} numbersOnly initial="1234" />);
    await user.click(boxes()[1] as HTMLElement);
    await user.keyboard('9');
    expect(shown()).toEqual(['1', '9', '3', '4']);
    expect(boxes()[2]).toHaveFocus();
  });

  it('Delete clears the focused box and stays', async () => {
    const user = userEvent.setup();
    render(<Harness length={4} numbersOnly initial="1234" />);
    await user.click(boxes()[3] as HTMLElement);
    await user.keyboard('{Delete}');
    expect(shown()).toEqual(['1', '2', '3', '']);
    expect(boxes()[3]).toHaveFocus();
  });

  it('follows a reset of the value by its parent', async () => {
    const user = userEvent.setup();
    render(<Harness length={4} numbersOnly initial="1234" />);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(shown()).toEqual(['', '', '', '']);
  });

  it('marks the boxes invalid and describes them with the message', () => {
    render(
      <>
        <Harness length={4} invalid describedBy="code-error" />
        <p id="code-error">Please enter your email verification code</p>
      </>,
    );
    for (const box of boxes()) {
      expect(box).toHaveAttribute('aria-invalid', 'true');
      expect(box).toHaveAccessibleDescription('Please enter your email verification code');
    }
  });

  it('offers one-time-code autofill on the first box only', () => {
    render(<Harness length={4} id="code" />);
    expect(boxes()[0]).toHaveAttribute('autocomplete', 'one-time-code');
    expect(boxes()[0]).toHaveAttribute('id', 'code');
    expect(boxes()[1]).toHaveAttribute('autocomplete', 'off');
  });
});
