import { formatDistance } from '@localmart/contract';
import { useCountry } from '../../lib/location/use-country.ts';
import './catalog.css';

export interface DistanceLabelProps {
  /** Null when the list was asked without a location: nothing to show. */
  km: number | null;
  className?: string;
}

/** '850 m', '1.2 km' or '0.7 mi', in the units of the shopper's country. */
export function DistanceLabel({ km, className }: DistanceLabelProps) {
  const { country } = useCountry();
  if (km === null) return null;
  const text = formatDistance(km, country.units);
  return (
    <span className={['lm-distance', className].filter(Boolean).join(' ')}>
      {text}
      <span className="lm-visually-hidden"> away</span>
    </span>
  );
}
