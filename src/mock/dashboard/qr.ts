/**
 * A charge's QR code as an `<img>`, through `pix-payments/qr`'s renderer (uqr, an optional
 * peer). Loaded only when a charge page is shown, so the mock runs without uqr installed; the
 * page then says how to get the picture.
 */
import { html, type SafeHtml } from './escape.js';

type QrModule = typeof import('../../qr/index.js');
let loading: Promise<QrModule | undefined> | undefined;

/** The QR code of a pixCode, described for screen readers, or a note when uqr is missing. */
export async function qrImage(pixCode: string): Promise<SafeHtml> {
  loading ??= import('../../qr/index.js').catch(() => undefined);
  const qr = await loading;
  if (qr === undefined) return html`<p class="muted">Install <code>uqr</code> to see the QR code here.</p>`;
  try {
    const src = qr.pixCodeToDataUrl(pixCode, { pixelSize: 8 });
    return html`<img src="${src}" alt="QR code of this charge's PIX copy-and-paste code">`;
  } catch (error) {
    return html`<p class="notice error">No QR code: ${(error as Error).message}</p>`;
  }
}
