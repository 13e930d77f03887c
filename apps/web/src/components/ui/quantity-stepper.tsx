import { IonIcon } from '@ionic/react';
import { addOutline, removeOutline } from 'ionicons/icons';
import './quantity-stepper.css';

export interface QuantityStepperProps {
  value: number;
  min?: number;
  max: number;
  onChange: (value: number) => void;
  /** What is counted, for screen readers: "Quantity of Organic milk". */
  label: string;
  disabled?: boolean;
}

export const DECREASE_LABEL = 'Decrease quantity';
export const INCREASE_LABEL = 'Increase quantity';

/** − 2 + : bounded by min and max, the number announced as it changes. */
export function QuantityStepper({
  value,
  min = 1,
  max,
  onChange,
  label,
  disabled = false,
}: QuantityStepperProps) {
  return (
    <div className="lm-stepper" role="group" aria-label={label}>
      <button
        type="button"
        className="lm-stepper-button"
        aria-label={DECREASE_LABEL}
        disabled={disabled || value <= min}
        onClick={() => onChange(value - 1)}
      >
        <IonIcon icon={removeOutline} aria-hidden="true" />
      </button>
      <output className="lm-stepper-value" aria-live="polite">
        {value}
      </output>
      <button
        type="button"
        className="lm-stepper-button"
        aria-label={INCREASE_LABEL}
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1)}
      >
        <IonIcon icon={addOutline} aria-hidden="true" />
      </button>
    </div>
  );
}
