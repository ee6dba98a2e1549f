import { defineConfig } from 'vitepress';
import { GUIDE_PATH } from '../../src/rest/routes/guide-path';

/**
 * The documentation site, served by the service at /guide. It must work offline: no
 * font, script or analytics from another host, and the search index built into the site.
 */
export default defineConfig({
  title: 'PixPay',
  description: 'Self-hosted PIX payments: guides, operations and reference',
  lang: 'en',
  base: `${GUIDE_PATH}/`,
  outDir: '../dist/guide',
  cacheDir: '../node_modules/.cache/vitepress',
  lastUpdated: false,
  // Guides link to files of the repository (openapi.json, the Dockerfile, ...) that the
  // site does not carry; the repository's own link check covers them (test/docs/links.test.ts).
  // The dev server's address in the dashboard guide is not a page either.
  ignoreDeadLinks: [(url: string) => url.includes('../../'), /^http:\/\/localhost:5173\//],
  themeConfig: {
    search: { provider: 'local' },
    outline: { level: [2, 3] },
    nav: [
      { text: 'Integrate', link: '/integrate/quick-start' },
      { text: 'Dashboard', link: '/dashboard/' },
      { text: 'Operate', link: '/operate/deployment' },
      { text: 'Understand', link: '/understand/architecture' },
      { text: 'Reference', link: '/reference/' },
    ],
    sidebar: [
      {
        text: 'Integrate',
        items: [
          { text: 'Quick start', link: '/integrate/quick-start' },
          { text: 'Conventions of the REST door', link: '/integrate/conventions' },
          { text: 'Charges and BR Codes', link: '/integrate/charges' },
          { text: 'Idempotency', link: '/integrate/idempotency' },
          { text: 'Webhooks and their verification', link: '/integrate/webhooks' },
          { text: 'Refunds', link: '/integrate/refunds' },
          { text: 'Balance and statement', link: '/integrate/balance' },
          { text: 'Withdrawals and 2FA', link: '/integrate/withdrawals' },
          { text: 'Recurrences (PIX Automático)', link: '/integrate/recurrences' },
          { text: 'Disputes and MED', link: '/integrate/disputes' },
          { text: 'Marketplaces: split charges', link: '/integrate/marketplaces' },
          { text: 'Errors and rate limits', link: '/integrate/errors-and-rate-limits' },
          { text: 'The sandbox', link: '/integrate/sandbox' },
          { text: 'TypeScript SDK', link: '/integrate/sdk' },
        ],
      },
      { text: 'Dashboard', items: [{ text: "The seller's guide", link: '/dashboard/' }, { text: 'Developing the web app', link: '/dashboard/developing' }] },
      {
        text: 'Operate',
        items: [
          { text: 'Deployment', link: '/operate/deployment' },
          { text: 'Going live with a PSP', link: '/operate/going-live' },
          { text: 'Configuration reference', link: '/operate/configuration' },
          { text: 'Health and outages', link: '/operate/health-and-outages' },
          { text: 'Metrics and alerts', link: '/operate/metrics' },
          { text: 'Retention', link: '/operate/retention' },
          { text: 'Backups and restore', link: '/operate/backups' },
          { text: 'Upgrades and migrations', link: '/operate/upgrades' },
          { text: 'Secret rotation', link: '/operate/secret-rotation' },
          { text: 'Scaling out', link: '/operate/scaling-out' },
          { text: 'Graceful shutdown', link: '/operate/graceful-shutdown' },
          { text: 'Command line', link: '/operate/command-line' },
          { text: 'PSP simulator (API Pix)', link: '/operate/psp-simulator' },
        ],
      },
      {
        text: 'Understand',
        items: [
          { text: 'Architecture', link: '/understand/architecture' },
          { text: 'The ledger', link: '/understand/ledger' },
          { text: 'Webhook delivery', link: '/understand/webhook-delivery' },
          { text: 'Authentication cache', link: '/understand/authentication-cache' },
          { text: 'Data-subject rights', link: '/understand/data-subject-rights' },
          { text: 'Development and tooling', link: '/understand/development' },
          { text: 'Decisions', link: '/decisions/' },
        ],
      },
      { text: 'Reference', items: [{ text: 'API reference and schema', link: '/reference/' }, { text: 'OpenAPI document', link: '/reference/openapi' }] },
    ],
  },
});
