/**
 * The smoke scenario every consumer runs, on its runtime: create a charge, pay it, read it back,
 * create a payout, add the two up and export them (`pix-payments/reports`), build and render a
 * static QR code (`pix-payments/qr`), then verify a signed webhook that the mock delivered and
 * hand it to the Fetch receiver (with an endless body it must cut at `maxBodyBytes`). It
 * receives the package's entries as the consumer loaded them (ESM import, CJS require, a Worker
 * bundle) and the run's settings.
 */
export async function runScenario({ sdk, webhooks, reports, qr }, env) {
  const result = {
    runtime: runtimeName(),
    import:
      typeof sdk.PaymentsClient === 'function' &&
      typeof webhooks.constructWebhookEvent === 'function' &&
      typeof reports.summarize === 'function' &&
      typeof qr.buildStaticBrCode === 'function',
  };
  const client = new sdk.PaymentsClient({ baseUrl: env.MOCK_URL, secretKey: env.SECRET_KEY, maxRetries: 0 });

  const charge = await client.transactions.create({
    amount: 12.34,
    trackingParameters: { utm_source: 'ecosystem' },
  });
  const paid = await fetch(`${env.MOCK_URL}/__mock/charges/${charge.transactionId}/pay`, { method: 'POST' });
  if (!paid.ok) throw new Error(`pay failed: ${paid.status}`);
  result.charge = (await client.transactions.retrieve(charge.transactionId)).status;

  const payout = await client.cashouts.create({ amount: 20, pixKey: 'ana@example.com', pixKeyType: 'EMAIL' });
  result.payout = `${payout.status} fee ${payout.feeAmount}`;

  result.reports = await runReports(client, reports, [charge.transactionId, payout.transactionId]);
  result.qr = await runQr(sdk, qr, charge.pixCode);

  let error;
  try {
    await client.cashouts.retrieve(999999);
  } catch (e) {
    error = e;
  }
  result.errors = error instanceof sdk.NotFoundError && error instanceof sdk.PaymentsError;

  let delivery;
  for (let i = 0; i < 40 && delivery === undefined; i++) {
    const answer = await fetch(`${env.COLLECTOR_URL}/deliveries/${charge.transactionId}`);
    if (answer.ok) delivery = await answer.json();
    else await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (delivery === undefined) throw new Error('no webhook delivery arrived');
  const event = await webhooks.constructWebhookEvent(delivery.body, delivery.headers, env.WEBHOOK_SECRET);
  const forged = await webhooks.verifyWebhookSignature(
    delivery.body.replace('COMPLETED', 'REVERSED'),
    delivery.headers['x-webhook-signature'],
    env.WEBHOOK_SECRET,
  );
  result.webhook =
    event.event === 'transaction.completed' &&
    event.data.transactionId === charge.transactionId &&
    forged === false &&
    (await runReceiver(webhooks, delivery, env.WEBHOOK_SECRET)) === '200 413';
  result.traces = await runTraces(client, webhooks, delivery, env.WEBHOOK_SECRET);
  return result;
}

/**
 * docs/observability.md: where this runtime has `node:diagnostics_channel` (reached as the SDK
 * reaches it), a subscriber sees a call, its attempt and a delivery settle; `none` elsewhere.
 */
async function runTraces(client, webhooks, delivery, secret) {
  const dc = globalThis.process?.getBuiltinModule?.('node:diagnostics_channel');
  if (typeof dc?.tracingChannel !== 'function') return 'none';
  const seen = [];
  const describe = {
    call: (c) => `call ${c.operationId} ${c.statusCode} ${c.attempts}`,
    attempt: (c) => `attempt ${c.method} ${c.urlTemplate} ${c.statusCode}`,
    webhook: (c) => `webhook ${c.event} ${c.outcome}`,
  };
  const subscriptions = Object.entries(describe).map(([name, line]) => {
    const channel = dc.tracingChannel(`pix-payments:${name}`);
    const noop = () => {};
    const handlers = {
      start: noop,
      end: noop,
      asyncStart: noop,
      error: noop,
      asyncEnd: (c) => seen.push(line(c)),
    };
    channel.subscribe(handlers);
    return () => channel.unsubscribe(handlers);
  });
  try {
    await client.balance.retrieve();
    const receive = webhooks.createWebhookHandler({ secret, onEvent: () => {}, onError: () => {} });
    await receive(
      new Request('http://receiver/pix', { method: 'POST', body: delivery.body, headers: delivery.headers }),
    );
  } finally {
    for (const unsubscribe of subscriptions) unsubscribe();
  }
  return seen.join('; ');
}

/**
 * The Fetch receiver on this runtime: the mock's delivery is handled (200); an endless unsigned
 * body is cut at maxBodyBytes (413), which it would never answer if it read the whole body first.
 */
async function runReceiver(webhooks, delivery, secret) {
  const receive = webhooks.createWebhookHandler({
    secret,
    onEvent: () => {},
    onError: () => {},
    maxBodyBytes: 4096,
  });
  const post = (body, headers) =>
    receive(new Request('http://receiver/pix', { method: 'POST', body, headers, duplex: 'half' }));
  const handled = await post(delivery.body, delivery.headers);
  const endless = new ReadableStream({ pull: (controller) => controller.enqueue(new Uint8Array(1024)) });
  const cut = await post(endless, { 'content-type': 'application/json' });
  return `${handled.status} ${cut.status}`;
}

/**
 * summarize and toCsv over this run's two records, read from the mock by listing every page (the
 * mock is shared by every consumer of the matrix, so the others' records are filtered out).
 */
async function runReports(client, reports, ids) {
  async function* ours() {
    for await (const record of client.transactions.list({ perPage: 100 }))
      if (ids.includes(record.transactionId)) yield record;
  }
  const { rows } = await reports.summarize(ours());
  const summary = rows
    .map((row) => `${row.type} ${row.status} ${row.count} ${row.grossCents}/${row.feeCents}/${row.netCents}`)
    .join(', ');
  let csv = '';
  for await (const line of reports.toCsv(ours(), {
    columns: ['transactionId', 'type', 'amount', 'feeAmount'],
  }))
    csv += line;
  const expectedCsv = [
    'transactionId,type,amount,feeAmount',
    `${ids[0]},CASHIN,12.34,0.00`,
    `${ids[1]},CASHOUT,20.00,5.00`,
  ];
  const lines = csv.split('\r\n');
  const csvOk =
    lines.length === 4 &&
    lines[3] === '' &&
    lines[0] === expectedCsv[0] &&
    [lines[1], lines[2]].sort().join() === expectedCsv.slice(1).sort().join();
  return `${summary}; csv ${csvOk ? 'ok' : JSON.stringify(csv)}`;
}

/**
 * A static BR Code (accents removed), read back and rendered; the charge's pixCode rendered, as SVG
 * and as a PNG (through this runtime's CompressionStream); a bad city refused.
 */
async function runQr(sdk, qr, pixCode) {
  const code = qr.buildStaticBrCode({
    pixKey: 'ana@example.com',
    amount: 12.34,
    merchantName: 'Loja São João',
    city: 'São Paulo',
  });
  const read = sdk.parseBrCode(code);
  let refused;
  try {
    qr.buildStaticBrCode({ pixKey: 'ana@example.com', merchantName: 'Loja', city: 'São José do Rio Preto' });
  } catch (error) {
    refused = error;
  }
  return (
    read.merchantAccount.key === 'ana@example.com' &&
    read.amountCents === 1234 &&
    read.merchantName === 'Loja Sao Joao' &&
    read.merchantCity === 'Sao Paulo' &&
    qr.pixCodeToSvg(code).startsWith('<svg') &&
    qr.pixCodeToSvg(pixCode).startsWith('<svg') &&
    (await runPng(qr, pixCode)) &&
    refused instanceof sdk.ValidationError &&
    refused.issues[0]?.path === 'city'
  );
}

/** pixCodeToPng's bytes: the PNG signature, then an IHDR of (modules + 2 × border) × pixelSize a side. */
async function runPng(qr, pixCode) {
  const png = await qr.pixCodeToPng(pixCode, { pixelSize: 4, border: 3 });
  const side = (qr.pixCodeToMatrix(pixCode, { border: 0 }).length + 6) * 4;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const ihdr = String.fromCharCode(...png.subarray(12, 16));
  return (
    png instanceof Uint8Array &&
    [...png.subarray(0, 8)].join() === '137,80,78,71,13,10,26,10' &&
    ihdr === 'IHDR' &&
    view.getUint32(16) === side &&
    view.getUint32(20) === side &&
    String.fromCharCode(...png.subarray(-8, -4)) === 'IEND'
  );
}

function runtimeName() {
  if (typeof globalThis.Deno !== 'undefined') return `deno ${globalThis.Deno.version.deno}`;
  if (typeof globalThis.Bun !== 'undefined') return `bun ${globalThis.Bun.version}`;
  if (typeof globalThis.navigator !== 'undefined' && globalThis.navigator.userAgent === 'Cloudflare-Workers')
    return 'workerd';
  return `node ${globalThis.process?.version}`;
}

/** The settings, from the environment of whatever runtime this is. */
export function settings() {
  if (typeof globalThis.Deno !== 'undefined') return globalThis.Deno.env.toObject();
  return globalThis.process.env;
}
