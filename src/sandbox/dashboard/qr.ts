/** A charge's QR code as an `<img>`, through `pix-payments/qr`'s renderer (uqr, bundled). */
import { pixCodeToDataUrl } from '../../qr/index.js';
import { html, type SafeHtml } from './escape.js';

/** The QR code of a pixCode, described for screen readers, or a note when it cannot be drawn. */
export async function qrImage(pixCode: string): Promise<SafeHtml> {
  try {
    const src = pixCodeToDataUrl(pixCode, { pixelSize: 8 });
    return html`<img src="${src}" alt="QR code of this charge's PIX copy-and-paste code">`;
  } catch (error) {
    return html`<p class="notice error">No QR code: ${(error as Error).message}</p>`;
  }
}
