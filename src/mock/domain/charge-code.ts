/** The dynamic BR Code of a charge: its location URL under the mock's host, its amount and txid. */
import { buildBrCode } from '../../pix/brcode-build.js';
import type { MockMerchant } from '../options.js';
import type { StoredTransaction } from './records.js';

/** The `pixCode` of a new charge (reference behaviour, "pixCode"). */
export function chargePixCode(
  charge: Pick<StoredTransaction, 'transactionId' | 'amountCents'>,
  merchant: MockMerchant,
  baseUrl: string,
): string {
  return buildBrCode({
    url: `${new URL(baseUrl).host}/qr/v2/${charge.transactionId}`,
    amountCents: charge.amountCents,
    merchantName: merchant.name,
    merchantCity: merchant.city,
    // A txid is at most 25 characters: the UUID without its dashes, cut.
    txid: charge.transactionId.replaceAll('-', '').slice(0, 25),
  });
}
