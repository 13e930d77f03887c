import { useEffect, useRef, useState } from 'react';
import '../../../components/buttons.css';

type ScannerState = 'idle' | 'starting' | 'scanning' | 'no-camera';

/** What the scanner needs of qr-scanner: loaded on demand, so its ~50 kB only reach counters that scan. */
interface Scanner {
  start(): Promise<void>;
  stop(): void;
  destroy(): void;
}

/**
 * "Scan QR code": opens the camera and hands back the first code it reads (the shopper's pickup QR,
 * `localmart:pickup:<orderId>:<code>`). qr-scanner is imported only when the button is pressed.
 * Without a camera (or permission) it says so and the typed code remains the way in.
 */
export function QrScanButton({ onScan }: { onScan: (text: string) => void }) {
  const [state, setState] = useState<ScannerState>('idle');
  const videoRef = useRef<HTMLVideoElement>(null);
  const scannerRef = useRef<Scanner | null>(null);
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;

  function stop() {
    scannerRef.current?.destroy();
    scannerRef.current = null;
    setState('idle');
  }

  useEffect(() => {
    if (state !== 'starting') return;
    let cancelled = false;
    void (async () => {
      try {
        const { default: QrScanner } = await import('qr-scanner');
        const video = videoRef.current;
        if (cancelled || !video) return;
        if (!(await QrScanner.hasCamera())) {
          setState('no-camera');
          return;
        }
        const scanner = new QrScanner(
          video,
          (result) => {
            scanner.destroy();
            scannerRef.current = null;
            setState('idle');
            onScanRef.current(result.data);
          },
          { returnDetailedScanResult: true, preferredCamera: 'environment' },
        );
        scannerRef.current = scanner;
        await scanner.start();
        if (!cancelled) setState('scanning');
      } catch {
        // Permission refused or the camera is busy: typing the code still works.
        scannerRef.current?.destroy();
        scannerRef.current = null;
        if (!cancelled) setState('no-camera');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [state]);

  useEffect(() => () => scannerRef.current?.destroy(), []);

  const open = state === 'starting' || state === 'scanning';
  return (
    <div className="mo-qr">
      {open ? (
        <button type="button" className="mys-action-button mys-action-button-quiet" onClick={stop}>
          Stop scanning
        </button>
      ) : (
        <button
          type="button"
          className="mys-action-button mys-action-button-quiet"
          onClick={() => setState('starting')}
        >
          Scan QR code
        </button>
      )}
      {/* The video must exist before the scanner starts; hidden until the camera runs. */}
      <video
        ref={videoRef}
        className="mo-qr-video"
        hidden={!open}
        muted
        playsInline
        aria-label="Camera view for scanning the pickup QR code"
      />
      {state === 'no-camera' ? (
        <p className="mys-field-error" role="status">
          No camera is available. Type the pickup code instead.
        </p>
      ) : null}
    </div>
  );
}
