#!/usr/bin/env python3
"""The recommended call order against the pix-payments sandbox, with Python's standard library only.

Start the sandbox, then give this script its base URL and secret key (printed in its banner):

    npx pix-payments-mock --port 4010
    python3 walkthrough.py http://127.0.0.1:4010 sk_live_prod_...
    # or: PIX_PAYMENTS_BASE_URL=... PIX_PAYMENTS_SECRET_KEY=... python3 walkthrough.py

It reads the balance, creates a charge, has the payer pay it (a sandbox-only scenario endpoint),
receives the signed transaction.completed webhook and verifies its signature, queries the charge,
creates a payout and reads it back, as section 4.9 of the interface document recommends.
"""

import hashlib
import hmac
import json
import os
import queue
import sys
import threading
import urllib.error
import urllib.request
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

BASE_URL = (sys.argv[1] if len(sys.argv) > 1 else os.environ.get("PIX_PAYMENTS_BASE_URL", "")).rstrip("/")
SECRET_KEY = sys.argv[2] if len(sys.argv) > 2 else os.environ.get("PIX_PAYMENTS_SECRET_KEY", "")
if not BASE_URL or not SECRET_KEY:
    sys.exit("usage: walkthrough.py BASE_URL SECRET_KEY (or set PIX_PAYMENTS_BASE_URL and PIX_PAYMENTS_SECRET_KEY)")


class ApiError(Exception):
    """A non-2xx answer: the status and the service's error body."""

    def __init__(self, status, body):
        super().__init__(f"{status} {body.get('code')}: {body.get('message')}")
        self.status, self.body = status, body


def call(method, path, body=None, token=SECRET_KEY):
    """One JSON request; answers the decoded body, raises ApiError on a non-2xx status."""
    headers = {"content-type": "application/json", "accept": "application/json"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(BASE_URL + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            text = response.read()
            return json.loads(text) if text else None
    except urllib.error.HTTPError as error:
        raise ApiError(error.code, json.loads(error.read() or b"{}")) from None


def brl(amount):
    """Amounts are decimal BRL on the wire; format them from integer cents."""
    cents = round(amount * 100)
    return f"{cents // 100}.{cents % 100:02d}"


def start_receiver(secret_holder, events):
    """A webhook receiver on loopback that verifies X-Webhook-Signature before trusting a body."""

    class Receiver(BaseHTTPRequestHandler):
        def do_POST(self):
            raw = self.rfile.read(int(self.headers.get("content-length", 0)))
            expected = hmac.new(secret_holder["secret"].encode(), raw, hashlib.sha256).hexdigest()
            signature = self.headers.get("x-webhook-signature", "")
            # Constant-time comparison of the HMAC SHA-256 (hex) over the raw body.
            if not hmac.compare_digest(expected, signature):
                self.send_response(401)
                self.end_headers()
                return
            self.send_response(204)
            self.end_headers()
            events.put(json.loads(raw))

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main():
    # Webhooks: a local receiver, subscribed with a user token (the panel's credential).
    secret_holder, events = {}, queue.Queue()
    receiver = start_receiver(secret_holder, events)
    user_token = call("POST", "/__mock/user-tokens", token=None)["token"]
    hook = call(
        "POST",
        "/v1/user/webhooks",
        {"url": f"http://127.0.0.1:{receiver.server_port}/pix", "events": ["transaction.completed"]},
        token=user_token,
    )
    secret_holder["secret"] = hook["secret"]

    balance = call("GET", "/v1/integrations/balance")
    print(f"1. balance: available {brl(balance['available'])} BRL, pending {brl(balance['pending'])}")

    charge = call("POST", "/v1/integrations/create-transaction", {"amount": 1990 / 100, "referenceId": str(uuid.uuid4())})
    charge_id = charge["transactionId"]
    print(f"2. charge {charge_id} created: {charge['status']}, pixCode {charge['pixCode'][:24]}...")

    call("POST", f"/__mock/charges/{charge_id}/pay", token=None)
    event = events.get(timeout=10)
    print(f"   webhook {event['event']} (status {event['data']['status']}): signature verified")

    found = call("GET", f"/v1/integrations/list-transactions?transactionId={charge_id}")
    print(f"3. charge {charge_id}: {found['status']} (paid only when COMPLETED)")

    payout = call(
        "POST",
        "/v1/integrations/create-cashout",
        {"amount": 1000 / 100, "pixKey": "52998224725", "pixKeyType": "CPF", "idempotencyKey": str(uuid.uuid4())},
    )
    print(f"4. payout {payout['transactionId']} created: {payout['status']}, fee {brl(payout['feeAmount'])}, "
          f"the receiver gets {brl(payout['finalAmount'])}")

    read = call("GET", f"/v1/integrations/cashout/{payout['transactionId']}")
    print(f"5. payout {read['transactionId']}: {read['status']}")

    try:
        call("POST", "/v1/integrations/create-cashout", {"amount": 3, "pixKey": "52998224725", "pixKeyType": "CPF"})
    except ApiError as error:
        print(f"   a payout below the 5.00 fee is refused: {error.status} {error.body.get('code')}")

    call("DELETE", f"/v1/user/webhooks/{hook['id']}", token=user_token)
    receiver.shutdown()
    print("done")


if __name__ == "__main__":
    try:
        main()
    except (ApiError, urllib.error.URLError, queue.Empty) as error:
        sys.exit(f"walkthrough failed: {error!r}")
