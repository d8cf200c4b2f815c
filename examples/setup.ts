/**
 * Shared by the examples: a client for the service named by PIX_PAYMENTS_BASE_URL and
 * PIX_PAYMENTS_SECRET_KEY, or, when they are not set, for the reference mock started on a free
 * localhost port. Uses only the package's public entries, as your code would.
 */
import { PaymentsClient } from 'pix-payments';
import { type MockServer, startMockServer } from 'pix-payments/mock';

export interface Connection {
  client: PaymentsClient;
  /** The embedded mock, when no real service is configured. */
  mock: MockServer | undefined;
  close(): Promise<void>;
}

export async function connect(options: { webhookRetryDelaysMs?: number[] } = {}): Promise<Connection> {
  if (process.env.PIX_PAYMENTS_BASE_URL && process.env.PIX_PAYMENTS_SECRET_KEY) {
    return { client: new PaymentsClient(), mock: undefined, close: async () => {} };
  }
  const mock = await startMockServer({
    webhookRetryDelaysMs: options.webhookRetryDelaysMs ?? [100, 200, 400],
  });
  const client = new PaymentsClient({
    baseUrl: mock.url,
    secretKey: mock.service.secretKey,
    userToken: () => mock.service.issueUserToken(),
  });
  return { client, mock, close: () => mock.close() };
}

/** Scenario control over HTTP: what a payer does in real life (here, pay a charge). */
export async function payCharge(mock: MockServer, transactionId: string): Promise<void> {
  const response = await fetch(`${mock.url}/__mock/charges/${transactionId}/pay`, { method: 'POST' });
  if (!response.ok) throw new Error(`could not pay the charge: ${response.status} ${await response.text()}`);
}
