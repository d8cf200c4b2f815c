// The same composition, type-checked in the app (copied to types.mts and types.cts: ESM and
// CommonJS resolution) by scripts/zod-floor.ts.
import { CreateTransactionParams, Transaction } from 'pix-payments';
import * as z from 'zod';
import * as zm from 'zod/mini';

const Order = z.object({ orderId: z.string(), charge: CreateTransactionParams });
type Order = z.infer<typeof Order>;
declare const order: Order;
export const amount: number = order.charge.amount;
// @ts-expect-error the amount is a number in the app's inferred type too
export const notAString: string = order.charge.amount;

const Extended = zm.extend(CreateTransactionParams, { orderId: zm.string() });
declare const extended: zm.infer<typeof Extended>;
export const orderId: string = extended.orderId;
const Partial = zm.partial(CreateTransactionParams);
declare const partial: zm.infer<typeof Partial>;
export const maybe: number | undefined = partial.amount;
const Picked = zm.pick(Transaction, { transactionId: true });
declare const picked: zm.infer<typeof Picked>;
export const transactionId: string | null = picked.transactionId;

export const parsed: z.output<typeof CreateTransactionParams> = z.parse(CreateTransactionParams, {});
export const json = z.toJSONSchema(CreateTransactionParams);
