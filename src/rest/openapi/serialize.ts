import type { stringify } from 'yaml';
import type { OpenApiDocument } from './document';

/** The document as checked in (openapi.json) and served: 2-space JSON with a final newline. */
export const openApiJson = (doc: OpenApiDocument): string => `${JSON.stringify(doc, null, 2)}\n`;

/** The same document as YAML (no anchors: every repeated object is written out); `yaml` is loaded on the first call. */
export const openApiYaml = (doc: OpenApiDocument): string =>
  (require('yaml') as { stringify: typeof stringify }).stringify(doc, { aliasDuplicateObjects: false, lineWidth: 0 });
