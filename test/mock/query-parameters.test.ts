/**
 * "Lists" of docs/service-behaviour.md: on list-transactions and the cashout list, a query
 * parameter that is a known one written another way (the same once lower-cased without `_` and
 * `-`) is a 400 UNKNOWN_PARAMETER naming the one meant; any other unknown parameter is ignored.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { caller, useMock } from './harness.js';

const { mock, api } = useMock();

const LISTS = {
  'list-transactions': {
    path: '/v1/integrations/list-transactions',
    known: ['id', 'transactionId', 'type', 'status', 'origin', 'date_from', 'date_to', 'page', 'per_page'],
  },
  cashout: { path: '/v1/integrations/cashout', known: ['page', 'per_page'] },
} as const;

const fold = (name: string) => name.toLowerCase().replaceAll('_', '').replaceAll('-', '');
const query = (pairs: Record<string, string>) => new URLSearchParams(pairs).toString();

/** Another spelling of `name`: each letter in either case, `_` or `-` (or none) between any two. */
function respelling(name: string) {
  const letters = [...name.replaceAll('_', '')];
  return fc
    .tuple(
      fc.array(fc.boolean(), { minLength: letters.length, maxLength: letters.length }),
      fc.array(fc.constantFrom('', '', '_', '-'), { minLength: letters.length, maxLength: letters.length }),
    )
    .map(([upper, separators]) =>
      letters
        .map((letter, i) => (i === 0 ? '' : separators[i]) + (upper[i] ? letter.toUpperCase() : letter))
        .join(''),
    )
    .filter((spelling) => spelling !== name);
}

describe.each(Object.entries(LISTS))('%s', (_, { path, known }) => {
  it.each([
    ['perPage', 'per_page'],
    ['PER-PAGE', 'per_page'],
    ['Page', 'page'],
  ])('answers %s with 400 UNKNOWN_PARAMETER: did you mean `%s`?', async (name, meant) => {
    const reply = await api('GET', `${path}?${query({ [name]: '1' })}`);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      code: 'UNKNOWN_PARAMETER',
      message: `${name}: is not a known query parameter; did you mean \`${meant}\`?`,
      errors: { [name]: [`is not a known query parameter; did you mean \`${meant}\`?`] },
    });
  });

  it('refuses every other spelling of every known parameter, before reading the values', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...known).chain((name) => fc.tuple(fc.constant(name), respelling(name))),
        fc.string({ maxLength: 12 }),
        async ([meant, name], value) => {
          const reply = await api('GET', `${path}?${query({ [name]: value })}`);
          expect(reply.status).toBe(400);
          expect(reply.body.code).toBe('UNKNOWN_PARAMETER');
          expect(reply.body.errors[name]).toEqual([
            `is not a known query parameter; did you mean \`${meant}\`?`,
          ]);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('names every misspelled parameter of one request, and refuses them before reading any value', async () => {
    const reply = await api('GET', `${path}?${query({ perPage: '1', PAGE: '2', per_page: '500' })}`);
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.errors).sort()).toEqual(['PAGE', 'perPage']);
    expect(reply.body.message).toMatch(/perPage: .*`per_page`.*; PAGE: .*`page`/);
    // The known name as written is read, and its value checked.
    const known = await api('GET', `${path}?per_page=500`);
    expect([known.status, known.body.code]).toEqual([422, 'VALIDATION_ERROR']);
    expect((await api('GET', `${path}?per_page=1`)).body.meta.per_page).toBe(1);
  });

  it('ignores any other unknown parameter: never named, and the page is read as without it', async () => {
    const other = fc
      .string({ minLength: 1, maxLength: 16 })
      .filter((name) => !known.some((knownName) => fold(knownName) === fold(name)));
    await fc.assert(
      fc.asyncProperty(other, fc.string({ maxLength: 12 }), async (name, value) => {
        const withMisspelled = await api('GET', `${path}?${query({ [name]: value, perPage: '7' })}`);
        expect(withMisspelled.status).toBe(400);
        expect(Object.keys(withMisspelled.body.errors)).toEqual(['perPage']);
        const alone = await api('GET', `${path}?${query({ [name]: value, per_page: '7' })}`);
        expect([alone.status, alone.body.meta.per_page]).toEqual([200, 7]);
      }),
      { numRuns: 100 },
    );
  });
});

describe('list-transactions, the transactionId filter', () => {
  it('answers transaction_id with "did you mean `transactionId`?", not an unfiltered page', async () => {
    const reply = await api(
      'GET',
      `${LISTS['list-transactions'].path}?transaction_id=${crypto.randomUUID()}`,
    );
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual({
      transaction_id: ['is not a known query parameter; did you mean `transactionId`?'],
    });
  });

  it('answers dateFrom and perPage, each with the name it stands for, once the credential is checked', async () => {
    const url = `${LISTS['list-transactions'].path}?dateFrom=2026-11-01&perPage=1`;
    const anonymous = await caller(mock.baseUrl)('GET', url);
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'UNAUTHENTICATED']);
    const reply = await api('GET', url);
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual({
      dateFrom: ['is not a known query parameter; did you mean `date_from`?'],
      perPage: ['is not a known query parameter; did you mean `per_page`?'],
    });
  });
});
