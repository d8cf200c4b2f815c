/**
 * The OpenAPI 3.1 document of the whole service, built from the SDK's zod schemas. The build
 * writes it to `dist/openapi.json` (shipped as `pix-payments/openapi.json`), and the mock serves
 * the same document at `GET /openapi.json`.
 */
import { componentSchemas } from './components.js';
import { errorResponses } from './errors.js';
import { operationPaths } from './operation.js';
import { webhookDeliveries } from './webhooks.js';

const DESCRIPTION = `Charges (CASHIN), payouts (CASHOUT), transaction queries, the balance, and signed webhooks of the PIX payments service, as the SDK \`pix-payments\` and its reference mock implement them.

Money is in BRL (decimal currency units, at most two decimals). Requests are JSON; every answer carries \`X-Request-Id\`, and every error is \`{ message, code, errors? }\`. Requests are checked in this order: size (1 MiB), credentials, media type, body. HEAD answers as GET without a body; OPTIONS lists the methods of a path in \`Allow\`.

Where the interface document leaves a part "not shown" (balance, errors, subscriptions, list envelopes), this document gives the reference behaviour; a real service may answer other shapes, which the SDK decodes leniently.`;

let json: string | undefined;

/** The document as the file `dist/openapi.json` holds it (and the mock serves it), built once. */
export function openApiJson(): string {
  json ??= `${JSON.stringify(openApiDocument(), null, 2)}\n`;
  return json;
}

/** The document, freshly built. */
export function openApiDocument(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'PIX payments service',
      version: '1.0.0',
      summary: 'PIX charges, payouts and signed webhooks (API v1).',
      description: DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [
      {
        url: 'http://127.0.0.1:{port}',
        description:
          'The reference mock (`npx -y -p node@24 -p msw@3 -p pix-payments pix-payments-mock --port 4010`).',
        variables: { port: { default: '4010' } },
      },
    ],
    security: [{ secretKey: [] }],
    tags: [
      { name: 'Balance', description: 'The account balance.' },
      { name: 'Charges', description: 'PIX charges (CASHIN): a pixCode for the payer.' },
      { name: 'Transactions', description: 'Charges, payouts and infractions, queried together.' },
      { name: 'Payouts', description: 'Payouts (CASHOUT) to a PIX key, with a fixed fee of 5.00.' },
      { name: 'Webhook subscriptions', description: 'Where events are delivered (user JWT).' },
      { name: 'Webhook events', description: 'The signed POSTs the service sends to a subscription.' },
    ],
    paths: operationPaths(),
    webhooks: webhookDeliveries(),
    components: {
      schemas: componentSchemas(),
      responses: errorResponses(),
      securitySchemes: {
        secretKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The secret key, `sk_live_prod_` + 32 letters or digits, for /v1/integrations/*; from a backend only. Its public half, `pk_live_prod_…`, is refused with 403.',
        },
        userJwt: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'A panel user JWT (HS256; claims sub, iat, exp) for /v1/user/webhooks*. Expired or badly signed: 401.',
        },
      },
    },
  };
}
