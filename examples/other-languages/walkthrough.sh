#!/usr/bin/env bash
# The recommended call order against the pix-payments sandbox, with curl alone (no jq needed).
#
#   npx pix-payments-mock --port 4010
#   bash walkthrough.sh http://127.0.0.1:4010 sk_live_prod_...
#   # or: PIX_PAYMENTS_BASE_URL=... PIX_PAYMENTS_SECRET_KEY=... bash walkthrough.sh
#
# Balance, a charge, the payer pays it (a sandbox-only scenario endpoint), the charge queried,
# a payout created and read back: section 4.9 of the interface document.
set -euo pipefail

BASE_URL="${1:-${PIX_PAYMENTS_BASE_URL:-}}"
SECRET_KEY="${2:-${PIX_PAYMENTS_SECRET_KEY:-}}"
if [[ -z "$BASE_URL" || -z "$SECRET_KEY" ]]; then
  echo "usage: walkthrough.sh BASE_URL SECRET_KEY (or set PIX_PAYMENTS_BASE_URL and PIX_PAYMENTS_SECRET_KEY)" >&2
  exit 2
fi
BASE_URL="${BASE_URL%/}"

# call METHOD PATH [JSON]: sets STATUS and BODY; stops the script on a transport error.
call() {
  local args=(-sS -X "$1" "$BASE_URL$2" -H "Authorization: Bearer $SECRET_KEY" -w '\n%{http_code}')
  if [[ $# -ge 3 ]]; then args+=(-H 'content-type: application/json' -d "$3"); fi
  local out
  out="$(curl "${args[@]}")"
  STATUS="${out##*$'\n'}"
  BODY="${out%$'\n'*}"
}

# expect CODE...: stops the script unless STATUS is one of them.
expect() {
  for code in "$@"; do [[ "$STATUS" == "$code" ]] && return 0; done
  echo "unexpected status $STATUS: $BODY" >&2
  exit 1
}

# field NAME: the first top-level value of NAME in BODY (a string without its quotes, or a number).
field() {
  grep -o "\"$1\":\(\"[^\"]*\"\|[^,}]*\)" <<<"$BODY" | head -n 1 | cut -d: -f2- | tr -d '"'
}

# money NAME: a field of BRL amounts with its two decimals (they come as JSON numbers: 19.9).
money() {
  LC_ALL=C printf '%.2f' "$(field "$1")"
}

call GET /v1/integrations/balance
expect 200
echo "1. balance: available $(money available) BRL, pending $(money pending)"

reference_id="$(cat /proc/sys/kernel/random/uuid 2>/dev/null || uuidgen)"
call POST /v1/integrations/create-transaction "{\"amount\": 19.90, \"referenceId\": \"$reference_id\"}"
expect 201
charge_id="$(field transactionId)"
echo "2. charge $charge_id created: $(field status)"

# The payer pays: a scenario endpoint of the sandbox only (no credentials).
curl -sS -o /dev/null -X POST "$BASE_URL/__mock/charges/$charge_id/pay"

call GET "/v1/integrations/list-transactions?transactionId=$charge_id"
expect 200
echo "3. charge $charge_id: $(field status) (paid only when COMPLETED)"

call POST /v1/integrations/create-cashout '{"amount": 10.00, "pixKey": "52998224725", "pixKeyType": "CPF"}'
expect 201
payout_id="$(field transactionId)"
echo "4. payout $payout_id created: $(field status), fee $(money feeAmount), the receiver gets $(money finalAmount)"

call GET "/v1/integrations/cashout/$payout_id"
expect 200
echo "5. payout $payout_id: $(field status)"

call POST /v1/integrations/create-cashout '{"amount": 3.00, "pixKey": "52998224725", "pixKeyType": "CPF"}'
expect 422
echo "   a payout below the 5.00 fee is refused: $STATUS $(field code)"
echo "done"
