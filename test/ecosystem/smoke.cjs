// CommonJS consumer: require the package by name.
const sdk = require('pix-payments');
const webhooks = require('pix-payments/webhooks');
const reports = require('pix-payments/reports');
const qr = require('pix-payments/qr');

import('./scenario.mjs')
  .then(({ runScenario }) => runScenario({ sdk, webhooks, reports, qr }, process.env))
  .then((result) => console.log(JSON.stringify(result)))
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
