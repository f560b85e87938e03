/** Stand-in for ajv/dist/2020 (see ajv.ts). */
import { ajvStub } from './ajv.ts';

export default ajvStub('https://json-schema.org/draft/2020-12/schema');
