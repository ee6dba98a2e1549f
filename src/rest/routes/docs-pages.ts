/** Where /docs loads its scripts and styles from (this service, never a CDN). */
export const DOCS_ASSETS_PATH = '/docs/assets';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** The API reference: Swagger UI rendering /openapi.json. */
export function docsPage(): string {
  const a = DOCS_ASSETS_PATH;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>PixPay API reference</title>
<link rel="stylesheet" href="${a}/swagger-ui.css">
<style>body { margin: 0; }</style>
</head>
<body>
<div id="swagger-ui">Loading the API reference...</div>
<script src="${a}/swagger-ui-bundle.js"></script>
<script src="${a}/docs.js"></script>
</body>
</html>
`;
}

/** Starts Swagger UI without its online validator badge (the page must work offline). */
export const DOCS_SCRIPT = `(function () {
  'use strict';
  window.ui = SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    tryItOutEnabled: false,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout'
  });
})();
`;

/** The home page for browsers: where to go next. */
export function homePage(o: { graphqlExplorer: boolean }): string {
  const links: [string, string, string][] = [
    ['/docs', 'API reference', 'the REST API (OpenAPI 3.1), readable offline; the document itself is at /openapi.json and /openapi.yaml'],
    ['/graphql', o.graphqlExplorer ? 'GraphQL explorer' : 'GraphQL', o.graphqlExplorer ? 'queries, mutations and live subscriptions, with your key in the Authorization field' : 'the GraphQL endpoint (the explorer is a sandbox feature)'],
    ['/dashboard/', 'Seller dashboard', 'balance, charges, payouts, webhooks and API keys'],
    ['/guide/', 'Guides', 'integrating, operating and understanding PixPay, with search'],
  ];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>PixPay</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5; color: #1d1d1f; }
  a { color: #0a58ca; font-weight: 600; }
  li { margin: 0.8rem 0; }
</style>
</head>
<body>
<h1>PixPay</h1>
<p>A self-hosted PIX payment platform.</p>
<ul>
${links.map(([href, title, what]) => `  <li><a href="${esc(href)}">${esc(title)}</a>: ${esc(what)}</li>`).join('\n')}
</ul>
</body>
</html>
`;
}
