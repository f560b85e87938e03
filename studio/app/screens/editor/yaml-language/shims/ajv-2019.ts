/** Stand-in for ajv/dist/2019 (see ajv.ts). */
import { ajvStub } from './ajv.ts';

export default ajvStub('https://json-schema.org/draft/2019-09/schema');
