import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** A file the explorer page loads, served by this service from an installed npm package. */
export interface ExplorerAsset {
  file: string;
  contentType: string;
  body: Buffer;
}

const fromPackage = (pkg: string, path: string): Buffer => readFileSync(join(dirname(require.resolve(`${pkg}/package.json`)), path));

const js = 'text/javascript; charset=utf-8';

/** GraphiQL and what it runs on (React, the graphql-ws client), read once at start. */
export function loadExplorerAssets(): Map<string, ExplorerAsset> {
  const assets: ExplorerAsset[] = [
    { file: 'react.js', contentType: js, body: fromPackage('react', 'umd/react.production.min.js') },
    { file: 'react-dom.js', contentType: js, body: fromPackage('react-dom', 'umd/react-dom.production.min.js') },
    { file: 'graphql-ws.js', contentType: js, body: fromPackage('graphql-ws', 'umd/graphql-ws.min.js') },
    { file: 'graphiql.js', contentType: js, body: fromPackage('graphiql', 'graphiql.min.js') },
    { file: 'graphiql.css', contentType: 'text/css; charset=utf-8', body: fromPackage('graphiql', 'graphiql.min.css') },
  ];
  return new Map(assets.map((a) => [a.file, a]));
}
