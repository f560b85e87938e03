/** Stand-in for ajv-draft-04 (see ajv.ts). */
import { ajvStub } from './ajv.ts';

export default ajvStub('http://json-schema.org/draft-04/schema');
