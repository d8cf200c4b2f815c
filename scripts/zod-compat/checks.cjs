/**
 * What a merchant's app does with the SDK's schemas and its own zod (scripts/zod-floor.ts runs
 * this from check.mjs and check.cjs, in a project with the packed package and that zod).
 * `z` is the app's `zod`, `zm` its `zod/mini`, `sdk` the `pix-payments` module loaded the same way.
 */
const assert = require('node:assert/strict');

module.exports = function checkWithAppZod({ z, zm, sdk }) {
  const { CreateTransactionParams, Transaction, safeParseWith } = sdk;
  const version = `${z.core.version.major}.${z.core.version.minor}.${z.core.version.patch}`;
  const charge = { amount: 19.9, description: 'Order 1', clientCpf: '529.982.247-25' };
  const own = safeParseWith(CreateTransactionParams, charge);
  const beforeConfig = safeParseWith(CreateTransactionParams, { ...charge, amount: 'ten' });
  assert.equal(own.success, true, 'the SDK accepts the charge');

  // The app's zod knows the SDK's schemas for what they are.
  assert.ok(CreateTransactionParams instanceof z.core.$ZodType, 'instanceof the app zod $ZodType');

  // z.parse with the app's zod: the SDK's result, and the SDK's rule when refused.
  assert.deepEqual(z.parse(CreateTransactionParams, charge), own.data);
  const refused = z.safeParse(CreateTransactionParams, { ...charge, clientCpf: '111.111.111-12' });
  assert.equal(refused.success, false);
  assert.deepEqual(refused.error.issues[0].path, ['clientCpf']);
  assert.match(refused.error.issues[0].message, /CPF of 11 digits/);

  // Composed in the app's own z.object, both ways of failing reach the app's error with a path.
  const Order = z.object({ orderId: z.string(), charge: CreateTransactionParams });
  assert.deepEqual(Order.parse({ orderId: 'o-1', charge }), { orderId: 'o-1', charge: own.data });
  const failed = Order.safeParse({ orderId: 'o-1', charge: { ...charge, amount: 'ten' } });
  assert.equal(failed.success, false);
  assert.deepEqual(failed.error.issues[0].path, ['charge', 'amount']);
  // And the SDK's helper reads the app's composed schema.
  const composed = safeParseWith(Order, { orderId: 'o-1', charge: { ...charge, amount: -1 } });
  assert.equal(composed.success, false);
  assert.equal(composed.issues[0].path, 'charge.amount');

  // extend and partial (zod/mini's functions) on the SDK's object.
  const Extended = zm.extend(CreateTransactionParams, { orderId: zm.string() });
  assert.deepEqual(zm.parse(Extended, { ...charge, orderId: 'o-2' }), { ...own.data, orderId: 'o-2' });
  assert.equal(zm.safeParse(Extended, charge).success, false, 'the extension is required');
  const Partial = zm.partial(CreateTransactionParams);
  assert.deepEqual(zm.parse(Partial, {}), {});
  assert.equal(zm.safeParse(Partial, { amount: 'ten' }).success, false, 'partial keeps the rules');
  const Picked = zm.pick(Transaction, { id: true, status: true });
  assert.deepEqual(Object.keys(Picked.shape).sort(), ['id', 'status']);

  // toJSONSchema by the app's zod: the SDK's bounds and required fields are in it.
  const json = z.toJSONSchema(CreateTransactionParams, { io: 'input', unrepresentable: 'any' });
  assert.equal(json.type, 'object');
  assert.ok(json.required.includes('amount'), 'amount is required');
  assert.equal(json.properties.description.maxLength, 255);
  assert.equal(json.properties.clientPhone.pattern, '^\\d{10,13}$');
  const inOrder = z.toJSONSchema(Order, { io: 'input', unrepresentable: 'any' });
  assert.deepEqual(inOrder.properties.charge.required, json.required);

  // zod keeps z.config on globalThis, so the app's config reaches the bundled copy too; the SDK's
  // messages do not change with it (it passes its own error map), the app's do.
  z.config({ customError: () => 'the app says no' });
  const afterConfig = safeParseWith(CreateTransactionParams, { ...charge, amount: 'ten' });
  assert.equal(afterConfig.success, false);
  assert.equal(afterConfig.message, beforeConfig.message);
  assert.doesNotMatch(afterConfig.message, /the app says no/);
  assert.equal(z.safeParse(z.string(), 1).error.issues[0].message, 'the app says no');

  return version;
};
