import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

// `.openapi(...)` on zod schemas: names, examples and descriptions for the document.
extendZodWithOpenApi(z);

export { z };
