import { groupPickupCode, pickupQrPayload } from '@localmart/contract';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

export function pickupCodeAlt(code: string): string {
  return `QR code of pickup code ${code}`;
}

/**
 * The pickup code, large enough to read aloud at the counter, in groups of three ("PPJ GJG", issue
 * 15: never letter-spaced; the counter matches it with or without the space), and a QR of
 * pickupQrPayload the store scans. The QR is our own SVG text shown through <img> from a data URL, so nothing of it can run.
 */
export function PickupCode({
  orderId,
  code,
  label = 'Pickup code',
}: {
  orderId: string;
  code: string;
  /** 'Check-in code' for an appointment (issue 15). */
  label?: string;
}) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toString(pickupQrPayload(orderId, code), { type: 'svg', margin: 1 })
      .then((text) => {
        if (current) setSvg(text);
      })
      .catch(() => {
        // Without the QR the code itself still works: the counter types it in.
        if (current) setSvg(null);
      });
    return () => {
      current = false;
    };
  }, [orderId, code]);
  return (
    <div className="lm-pickup">
      <p className="lm-pickup-label">{label}</p>
      <p className="lm-pickup-code">{groupPickupCode(code)}</p>
      {svg && (
        <img
          className="lm-pickup-qr"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt={pickupCodeAlt(code)}
          width={180}
          height={180}
        />
      )}
    </div>
  );
}
