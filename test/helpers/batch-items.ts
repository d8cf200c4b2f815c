/** The lines of the test batch: 200 payouts of 10.00 to distinct e-mail keys. */
export function batchItems(count = 200) {
  return Array.from({ length: count }, (_, index) => ({
    amount: 10,
    pixKey: `seller${index}@example.com`,
    pixKeyType: 'EMAIL' as const,
  }));
}
