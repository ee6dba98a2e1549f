import { createHash } from 'node:crypto';

/** Where the explorer's scripts and styles are served. */
export const EXPLORER_ASSETS_PATH = '/graphql-explorer';

const DEFAULT_QUERY = `# Paste an API key (sk_test_...) or a session token (sess_...) in the Authorization field above.
# Queries send it as "Authorization: Bearer ..."; subscriptions send it in connectionParams.
query Me {
  me {
    credential
    seller { id name kycStatus }
  }
  balance { available blocked total }
}
`;

/** The page's one inline script: its settings. */
const settingsScript = (graphqlPath: string) =>
  `window.PIXPAY_GRAPHQL_PATH = ${JSON.stringify(graphqlPath)}; window.PIXPAY_DEFAULT_QUERY = ${JSON.stringify(DEFAULT_QUERY).replace(/</g, '\\u003c')};`;

/**
 * The explorer's content security policy: scripts from this service and the settings
 * script by its hash, requests to this service only (HTTP and its WebSocket), and no
 * framing by any page (clickjacking). Styles may be inline: GraphiQL sets them.
 */
export function explorerCsp(graphqlPath: string): string {
  const hash = createHash('sha256').update(settingsScript(graphqlPath)).digest('base64');
  return [
    "default-src 'self'",
    `script-src 'self' 'sha256-${hash}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** The HTML of the GraphQL explorer: GraphiQL with an Authorization field, no outside resources. */
export function explorerPage(graphqlPath: string): string {
  const a = EXPLORER_ASSETS_PATH;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>PixPay GraphQL explorer</title>
<link rel="stylesheet" href="${a}/graphiql.css">
<style>
  html, body { height: 100%; margin: 0; }
  body { display: flex; flex-direction: column; font-family: system-ui, sans-serif; }
  #auth { display: flex; gap: 0.5rem; align-items: center; padding: 0.4rem 0.8rem; border-bottom: 1px solid #ddd; font-size: 0.9rem; }
  #auth input { flex: 1; max-width: 40rem; font-family: monospace; padding: 0.25rem; }
  #auth small { color: #666; }
  #graphiql { flex: 1; min-height: 0; }
</style>
</head>
<body>
<form id="auth" onsubmit="return false">
  <label for="authorization">Authorization</label>
  <input id="authorization" name="authorization" autocomplete="off" spellcheck="false" placeholder="sk_test_... or sess_...">
  <small>sent as <code>Authorization: Bearer</code> with queries and mutations, and as <code>connectionParams.authorization</code> by subscriptions</small>
</form>
<div id="graphiql">Loading the explorer...</div>
<script src="${a}/react.js"></script>
<script src="${a}/react-dom.js"></script>
<script src="${a}/graphql-ws.js"></script>
<script src="${a}/graphiql.js"></script>
<script>${settingsScript(graphqlPath)}</script>
<script src="${a}/explorer.js"></script>
</body>
</html>
`;
}

/**
 * The page's own script: the Authorization field (kept in localStorage) feeds both an HTTP
 * fetcher and, for subscriptions, a graphql-ws client per credential.
 */
export const EXPLORER_SCRIPT = `(function () {
  'use strict';
  var field = document.getElementById('authorization');
  var STORE = 'pixpay.explorer.authorization';
  try { field.value = localStorage.getItem(STORE) || ''; } catch (e) {}
  field.addEventListener('input', function () { try { localStorage.setItem(STORE, field.value); } catch (e) {} });

  var httpUrl = location.origin + window.PIXPAY_GRAPHQL_PATH;
  var wsUrl = httpUrl.replace(/^http/, 'ws');

  function authorization(headers) {
    var v = field.value.trim();
    if (!v) {
      for (var k in headers || {}) if (k.toLowerCase() === 'authorization') return headers[k];
      return undefined;
    }
    return /^bearer\\s/i.test(v) ? v : 'Bearer ' + v;
  }

  function isSubscription(params) {
    var q = String(params.query || '').replace(/#[^\\n]*/g, '');
    if (params.operationName) return new RegExp('\\\\bsubscription\\\\s+' + params.operationName + '\\\\b').test(q);
    var first = /\\b(query|mutation|subscription)\\b|\\{/.exec(q);
    return !!first && first[1] === 'subscription';
  }

  var clients = {};
  function wsClient(auth) {
    var id = auth || '';
    if (!clients[id]) {
      clients[id] = graphqlWs.createClient({ url: wsUrl, lazy: true, retryAttempts: 0, connectionParams: auth ? { authorization: auth } : {} });
    }
    return clients[id];
  }

  function fetcher(params, opts) {
    var headers = (opts && opts.headers) || {};
    var auth = authorization(headers);
    if (isSubscription(params)) {
      return wsClient(auth).iterate({ query: params.query, variables: params.variables, operationName: params.operationName });
    }
    var sent = { 'content-type': 'application/json', accept: 'application/json' };
    for (var k in headers) if (k.toLowerCase() !== 'authorization') sent[k] = headers[k];
    if (auth) sent.authorization = auth;
    return fetch(httpUrl, { method: 'POST', headers: sent, body: JSON.stringify(params) }).then(function (r) { return r.json(); });
  }

  var query = new URLSearchParams(location.search).get('query');
  var root = ReactDOM.createRoot(document.getElementById('graphiql'));
  root.render(React.createElement(GraphiQL, {
    fetcher: fetcher,
    defaultQuery: window.PIXPAY_DEFAULT_QUERY,
    query: query || undefined,
    defaultEditorToolsVisibility: true,
    shouldPersistHeaders: false,
  }));
})();
`;
