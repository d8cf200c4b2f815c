/** In-process harness: the mock's handlers behind msw's setupServer, and a raw HTTP helper. */
import type { ChildProcess } from 'node:child_process';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createMockService, type MockService, type MockServiceOptions } from '../../src/mock/index.js';

export interface Reply {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read JSON answers of many shapes; the schemas check them where it matters.
  body: any;
}

/** Calls the mock over (intercepted) HTTP with a credential. */
export function caller(baseUrl: string, credential?: string) {
  return async (method: string, path: string, body?: unknown, raw?: string): Promise<Reply> => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (credential !== undefined) headers.authorization = `Bearer ${credential}`;
    const init: RequestInit = { method, headers };
    if (raw !== undefined) init.body = raw;
    else if (body !== undefined) init.body = JSON.stringify(body);
    const response = await fetch(`${baseUrl}${path}`, init);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {}
    return { status: response.status, headers: response.headers, body: parsed };
  };
}

/** A mock installed with setupServer for the whole file, reset after each test. */
export function useMock(options: MockServiceOptions = {}) {
  const mock: MockService = createMockService(options);
  const server = setupServer(...mock.handlers);
  beforeAll(() => server.listen({ onUnhandledFrame: 'bypass' }));
  afterEach(() => mock.reset());
  afterAll(() => server.close());
  return { mock, api: caller(mock.baseUrl, mock.secretKey) };
}

export const CPF = '52998224725';

/** The banner a started `pix-payments-mock` prints (up to "Ctrl-C"); rejects if it exits first. */
export function bannerOf(cli: ChildProcess): Promise<string> {
  let out = '';
  return new Promise((done, fail) => {
    cli.stdout?.on('data', (chunk) => {
      out += String(chunk);
      if (out.includes('Ctrl-C')) done(out);
    });
    cli.once('exit', (code) => fail(new Error(`exited ${code}: ${out}`)));
  });
}
