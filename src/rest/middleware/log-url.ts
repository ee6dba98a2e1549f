/**
 * Request logs keep the path and the names of query parameters, never their values:
 * a search or filter may hold a PIX key, an e-mail or a document.
 */
export function maskQueryValues(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const names = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=***`);
  return `${url.slice(0, q)}?${names.join('&')}`;
}
