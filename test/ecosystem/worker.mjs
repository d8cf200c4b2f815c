// A Cloudflare Worker: the client and the webhook helpers inside workerd (Web Crypto path).
import * as sdk from 'pix-payments';
import * as webhooks from 'pix-payments/webhooks';
import { runScenario } from './scenario.mjs';

export default {
  async fetch(_request, env) {
    try {
      return Response.json(await runScenario(sdk, webhooks, env));
    } catch (error) {
      return Response.json({ error: String(error?.stack ?? error) }, { status: 500 });
    }
  },
};
