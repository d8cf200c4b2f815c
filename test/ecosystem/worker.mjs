// A Cloudflare Worker: the client, the webhook helpers, reports and QR codes inside workerd (Web Crypto path).
import * as sdk from 'pix-payments';
import * as qr from 'pix-payments/qr';
import * as reports from 'pix-payments/reports';
import * as webhooks from 'pix-payments/webhooks';
import { runScenario } from './scenario.mjs';

export default {
  async fetch(_request, env) {
    try {
      return Response.json(await runScenario({ sdk, webhooks, reports, qr }, env));
    } catch (error) {
      return Response.json({ error: String(error?.stack ?? error) }, { status: 500 });
    }
  },
};
