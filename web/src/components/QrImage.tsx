import { generate } from 'lean-qr';
import { useMemo } from 'react';

/** A QR code drawn in the browser (for otpauth:// URIs, which must not leave the page). */
export function QrImage({ text, alt }: { text: string; alt: string }) {
  const src = useMemo(() => generate(text).toDataURL({ on: [0, 0, 0, 255], off: [255, 255, 255, 255], pad: 4, scale: 5 }), [text]);
  return <img className="qr" src={src} alt={alt} />;
}
