// ESM consumer: import the package by name, as an app does.
import * as sdk from 'pix-payments';
import * as qr from 'pix-payments/qr';
import * as reports from 'pix-payments/reports';
import * as webhooks from 'pix-payments/webhooks';
import { runScenario, settings } from './scenario.mjs';

console.log(JSON.stringify(await runScenario({ sdk, webhooks, reports, qr }, settings())));
